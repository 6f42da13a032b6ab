import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../ui/toast";
import type { Attachment } from "../../../../contract";
import { issueText, screenshotName, validateFiles } from "../model/attachments";
import type { StreamKey } from "../model/types";
import { uploadAttachment } from "../model/upload";

export interface StagedFile {
  key: string;
  file: File;
  status: "ready" | "uploading" | "uploaded" | "failed";
  /** 0..1 while uploading. */
  progress: number;
  attachment: Attachment | null;
}

let fileCounter = 0;

/** Pasted images get a real name (spec 02 §5 "screenshot-{timestamp}.{ext}"). */
export function namePastedFile(file: File, now: number = Date.now()): File {
  if (!file.type.startsWith("image/")) return file;
  return new File([file], screenshotName(file.type, now), { type: file.type, lastModified: now });
}

/**
 * The files staged in each composer tab. They upload when the message is sent, each with its own
 * progress; a file uploaded once is not uploaded again if the send is retried.
 */
export function useComposerFiles(chatId: string, stream: StreamKey) {
  const { t } = useTranslation();
  const [byStream, setByStream] = useState<Partial<Record<StreamKey, StagedFile[]>>>({});
  const files = byStream[stream] ?? [];
  const aborts = useRef(new Set<AbortController>());
  useEffect(() => {
    const controllers = aborts.current;
    return () => {
      for (const controller of controllers) controller.abort();
    };
  }, []);

  const update = useCallback((target: StreamKey, key: string, change: Partial<StagedFile>) => {
    setByStream((all) => ({ ...all, [target]: (all[target] ?? []).map((f) => (f.key === key ? { ...f, ...change } : f)) }));
  }, []);

  /** Adds picked, pasted or dropped files; rejected ones are listed in one alert. */
  const add = useCallback(
    (picked: File[]) => {
      const { accepted, issues } = validateFiles(picked, files.length);
      if (issues.length) toast.error(issues.map((issue) => issueText(issue, t)).join("\n"), { duration: 8000 });
      if (accepted.length === 0) return;
      const staged = accepted.map<StagedFile>((file) => ({ key: `f${++fileCounter}`, file, status: "ready", progress: 0, attachment: null }));
      setByStream((all) => ({ ...all, [stream]: [...(all[stream] ?? []), ...staged] }));
    },
    [files.length, stream, t],
  );

  const remove = useCallback((key: string) => setByStream((all) => ({ ...all, [stream]: (all[stream] ?? []).filter((f) => f.key !== key) })), [stream]);

  const clear = useCallback((target: StreamKey) => setByStream((all) => ({ ...all, [target]: [] })), []);

  /** Uploads every file not uploaded yet; resolves with all attachments, or null if one failed. */
  const uploadAll = useCallback(
    async (target: StreamKey, list: StagedFile[]): Promise<Attachment[] | null> => {
      const results = await Promise.all(
        list.map(async (staged) => {
          if (staged.attachment) return staged.attachment;
          const controller = new AbortController();
          aborts.current.add(controller);
          update(target, staged.key, { status: "uploading", progress: 0 });
          try {
            const attachment = await uploadAttachment(chatId, staged.file, (progress) => update(target, staged.key, { progress }), controller.signal);
            update(target, staged.key, { status: "uploaded", progress: 1, attachment });
            return attachment;
          } catch (error) {
            if (controller.signal.aborted) return null;
            update(target, staged.key, { status: "failed", progress: 0 });
            const reason = error instanceof Error ? error.message : "";
            toast.error(
              reason
                ? t("chat.composer.uploadFailed", { name: staged.file.name, error: reason })
                : t("chat.composer.uploadFailedPlain", { name: staged.file.name }),
            );
            return null;
          } finally {
            aborts.current.delete(controller);
          }
        }),
      );
      return results.every((a): a is Attachment => a !== null) ? results : null;
    },
    [chatId, t, update],
  );

  const uploading = files.some((f) => f.status === "uploading");
  return { files, add, remove, clear, uploadAll, uploading };
}
