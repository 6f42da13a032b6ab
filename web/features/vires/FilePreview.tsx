import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { KnowledgeFile } from "../../../contract";
import { apiHeaders } from "../../app/api/headers";
import { Modal } from "../../ui/Modal";
import { Spinner } from "../../ui/Spinner";

/** Enough text to read in a dialog; the whole file stays available through "Open in new tab". */
const PREVIEW_CHARS = 200_000;

type State = { kind: "loading" } | { kind: "error" } | { kind: "loaded"; text: string; cut: boolean };

/** A plain-text preview of a knowledge document ('cannot load file content' when it fails). */
export function FilePreview({ file, onClose }: { file: KnowledgeFile | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ kind: "loading" });

  useEffect(() => {
    if (!file) return;
    const controller = new AbortController();
    setState({ kind: "loading" });
    fetch(file.url, { headers: apiHeaders(false), credentials: "include", signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const text = await response.text();
        setState({ kind: "loaded", text: text.slice(0, PREVIEW_CHARS), cut: text.length > PREVIEW_CHARS });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ kind: "error" });
      });
    return () => controller.abort();
  }, [file]);

  return (
    <Modal
      open={file !== null}
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title={t("vires.knowledge.previewTitle", { name: file?.name ?? "" })}
      testId="knowledge-preview"
      footer={
        file && (
          <a className="btn btn--secondary btn--md" href={file.url} target="_blank" rel="noopener noreferrer">
            {t("vires.knowledge.openInTab")}
          </a>
        )
      }
    >
      {state.kind === "loading" && (
        <p role="status" className="muted">
          <Spinner size={14} /> {t("common.loading")}
        </p>
      )}
      {state.kind === "error" && (
        <p className="inline-error" role="alert">
          {t("vires.knowledge.previewFailed")}
        </p>
      )}
      {state.kind === "loaded" && (
        <pre className="knowledge-preview__text" tabIndex={0} data-testid="knowledge-preview-text">
          {state.text}
          {state.cut && "\n…"}
        </pre>
      )}
    </Modal>
  );
}
