import { Prec, type Extension } from "@codemirror/state";
import { EditorView, keymap } from "@codemirror/view";
import { useMemo, useRef, useState, type ChangeEvent, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { IMAGE_UPLOAD_FORMATS, IMAGE_UPLOAD_MAX_MB } from "../../../../../contract";
import { toast } from "../../../../ui/toast";
import { IMAGE_ACCEPT, checkImageFile, uploadImage } from "./imageUpload";
import { imageMarkdown, insertImage, insertMarkdown, type MarkdownInsertion, type MarkdownPlaceholders } from "./markdownInsert";

export type MarkdownAction = MarkdownInsertion | "image";

/** Spec 03 §2.3: the hover menu's shortcuts, in the menu's order. */
export const MARKDOWN_SHORTCUTS: readonly { action: MarkdownAction; key: string }[] = [
  { action: "image", key: "Alt-i" },
  { action: "link", key: "Alt-l" },
  { action: "codeBlock", key: "Alt-c" },
  { action: "table", key: "Alt-t" },
  { action: "list", key: "Alt-u" },
];

interface MarkdownToolsOptions {
  view: RefObject<EditorView | null>;
  readOnly: boolean;
  onReadOnlyAttempt(): void;
  /** The image arrived after its editor closed: the document gets it at its end. */
  appendToDocument(text: string): void;
}

/**
 * The markdown hover menu's actions (spec 03 §2.3): insertions at the cursor, one undo step each,
 * and Upload Image (checked in the browser, then posted; the link goes in when it answers).
 */
export function useMarkdownTools({ view, readOnly, onReadOnlyAttempt, appendToDocument }: MarkdownToolsOptions) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const latest = useRef({ readOnly, onReadOnlyAttempt, appendToDocument, uploading });
  latest.current = { readOnly, onReadOnlyAttempt, appendToDocument, uploading };

  const words = useMemo<MarkdownPlaceholders>(
    () => ({
      linkText: t("workspaceViewer.markdown.placeholders.linkText"),
      url: t("workspaceViewer.markdown.placeholders.url"),
      column: t("workspaceViewer.markdown.placeholders.column"),
      cell: t("workspaceViewer.markdown.placeholders.cell"),
    }),
    [t],
  );

  const run = useRef((_action: MarkdownAction) => {});
  run.current = (action) => {
    const editor = view.current;
    if (!editor) return;
    if (latest.current.readOnly) {
      latest.current.onReadOnlyAttempt();
      return;
    }
    if (action === "image") {
      if (!latest.current.uploading) input.current?.click();
      return;
    }
    editor.dispatch(insertMarkdown(editor.state, action, words));
    editor.focus();
  };

  const upload = async (file: File) => {
    const refusal = checkImageFile(file);
    if (refusal === "tooLarge") return void toast.error(t("workspaceViewer.markdown.upload.tooLarge", { n: IMAGE_UPLOAD_MAX_MB }));
    if (refusal === "wrongType") return void toast.error(t("workspaceViewer.markdown.upload.wrongType", { formats: IMAGE_UPLOAD_FORMATS }));
    setUploading(true);
    const result = await uploadImage(file);
    setUploading(false);
    if (!result.ok) {
      const description = result.detail ?? undefined;
      return void toast.error(t(`workspaceViewer.markdown.upload.${result.reason}`), { description });
    }
    const editor = view.current;
    if (editor?.dom.isConnected) {
      editor.dispatch(insertImage(editor.state, result.image.fileName, result.image.url));
      editor.focus();
    } else latest.current.appendToDocument(imageMarkdown(result.image.fileName, result.image.url));
    toast.success(t("workspaceViewer.markdown.upload.success"));
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ""; // the same file can be picked again
    if (file) void upload(file);
  };

  /** Alt+I, Alt+L, Alt+C, Alt+T, Alt+U inside the editor. */
  const keys = useMemo<Extension>(
    () =>
      Prec.high(
        keymap.of(
          MARKDOWN_SHORTCUTS.map(({ action, key }) => ({
            key,
            preventDefault: true,
            run: () => {
              run.current(action);
              return true;
            },
          })),
        ),
      ),
    [],
  );

  const fileInput = (
    <input
      ref={input}
      type="file"
      accept={IMAGE_ACCEPT}
      hidden
      onChange={onFile}
      data-testid="markdown-image-input"
      aria-label={t("workspaceViewer.markdown.upload.pick")}
    />
  );

  return { run: (action: MarkdownAction) => run.current(action), keys, fileInput, uploading };
}
