import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { ComposerExtension } from "../../../ui/composerExtension";
import {
  FILE_REFERENCE_MIME,
  addFileReference,
  clearFileReferences,
  formatFileReference,
  removeFileReference,
  useFileReferences,
  type FileReference,
  type NewFileReference,
} from "./fileRefs";
import { CloseIcon } from "../../../ui/icons";

/** How references travel in the message text: one `@file:` line each, with the selected lines quoted. */
export function referencesText(refs: readonly FileReference[]): string {
  return refs
    .map((ref) => {
      const head = `@file:${formatFileReference(ref)}`;
      return ref.content ? `${head}\n\`\`\`\n${ref.content}\n\`\`\`` : head;
    })
    .join("\n");
}

/** The chat composer's file-reference chips for a coding chat (spec 02 §3 "File reference chip"). */
export function useFileReferenceComposer(chatId: string): ComposerExtension {
  const { t } = useTranslation();
  const refs = useFileReferences(chatId);
  return useMemo<ComposerExtension>(
    () => ({
      hasContent: refs.length > 0,
      chips: refs.length ? (
        <ul className="composer__refs" aria-label={t("workspaceViewer.refs.label")} data-testid="composer-file-refs">
          {refs.map((ref) => (
            <li key={ref.id} className="composer__ref" data-testid={`composer-file-ref-${ref.filePath}`}>
              <span className="composer__ref-name" title={ref.filePath}>
                {formatFileReference(ref)}
              </span>
              <button
                type="button"
                className="icon-btn"
                aria-label={t("workspaceViewer.refs.remove", { name: ref.fileName })}
                onClick={() => removeFileReference(chatId, ref.id)}
              >
                <CloseIcon />
              </button>
            </li>
          ))}
        </ul>
      ) : null,
      decorate: (text) => (refs.length ? [text, referencesText(refs)].filter(Boolean).join("\n\n") : text),
      sent: () => clearFileReferences(chatId),
      dropType: FILE_REFERENCE_MIME,
      drop: (payload) => {
        try {
          const ref = JSON.parse(payload) as Omit<NewFileReference, "chatId">;
          if (typeof ref.filePath === "string") addFileReference({ ...ref, chatId });
        } catch {
          // not a reference we made; ignore the drop
        }
      },
    }),
    [chatId, refs, t],
  );
}
