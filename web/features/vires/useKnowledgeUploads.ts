import { useCallback, useEffect, useReducer, useRef } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../ui/toast";
import { KNOWLEDGE_TEXTS, type KnowledgeFile } from "../../../contract";
import { UploadFailure } from "../../app/api/upload";
import { ApiError } from "../../app/api/client";
import { checkKnowledgeFile } from "./knowledgeFiles";
import { uploadReducer } from "./uploadQueue";
import { uploadKnowledgeFile, vireApi } from "./vireApi";

let nextUploadId = 0;

/** Codes 10834/10835 (the file service's per-VIRE limits) end an upload without any message. */
function isSilent(error: unknown): boolean {
  if (error instanceof UploadFailure) return error.silent;
  return error instanceof ApiError && typeof error.code === "number" && [10834, 10835].includes(error.code);
}

/**
 * Runs knowledge uploads: the client-side checks, the XHR upload with progress, recording the file
 * in the knowledge base, and retry and cancel. The state lives in the pure `uploadReducer`.
 */
export function useKnowledgeUploads(baseId: string | null, onRecorded: (file: KnowledgeFile) => void) {
  const { t } = useTranslation();
  const [items, dispatch] = useReducer(uploadReducer, []);
  const files = useRef(new Map<string, File>());
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const run = useCallback(
    async (id: string) => {
      const file = files.current.get(id);
      if (!file || !baseId) return;
      const controller = new AbortController();
      controllers.current.set(id, controller);
      try {
        const onProgress = ({ loaded, total }: { loaded: number; total: number }) => dispatch({ type: "progress", id, loaded, total, now: Date.now() });
        const uploaded = await uploadKnowledgeFile(file, onProgress, controller.signal);
        if (controller.signal.aborted) return;
        const recorded = await vireApi.recordFile(baseId, { name: file.name, url: uploaded.url, size: file.size, chatId: null });
        onRecorded(recorded);
        files.current.delete(id);
        dispatch({ type: "remove", id }); // from now on the server's list shows the file
      } catch (error) {
        if (controller.signal.aborted || (error instanceof UploadFailure && error.aborted)) return;
        if (isSilent(error)) {
          dispatch({ type: "remove", id });
          files.current.delete(id);
        } else dispatch({ type: "fail", id });
      } finally {
        controllers.current.delete(id);
      }
    },
    [baseId, onRecorded],
  );

  /** Checks each file; refused ones are explained in a toast, the others start uploading. */
  const add = (list: Iterable<File>) => {
    for (const file of list) {
      const refusal = checkKnowledgeFile(file);
      if (refusal) {
        toast.error(t(`vires.knowledge.refusals.${refusal}`, { defaultValue: KNOWLEDGE_TEXTS[refusal] }), { description: file.name });
        continue;
      }
      const id = `upload-${++nextUploadId}`;
      files.current.set(id, file);
      dispatch({ type: "add", id, file: { name: file.name, size: file.size, type: file.type }, now: Date.now() });
      void run(id);
    }
  };

  const retry = (id: string) => {
    dispatch({ type: "retry", id, now: Date.now() });
    void run(id);
  };

  /** Cancel stops a running upload or drops a failed one. */
  const cancel = (id: string) => {
    controllers.current.get(id)?.abort();
    controllers.current.delete(id);
    files.current.delete(id);
    dispatch({ type: "remove", id });
  };

  return { items, add, retry, cancel };
}
