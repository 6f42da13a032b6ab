import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../../ui/toast";
import { copyText } from "../clipboard";
import type { LineSpan } from "../selection";

export interface SelectionInfo {
  /** Position inside the editor frame, below the selection's end. */
  top: number;
  left: number;
  text: string;
  lines: LineSpan;
}

interface SelectionPopupProps {
  selection: SelectionInfo;
  /** Absent when the reference has nowhere to go (a project without a chat). */
  onAddToChat: ((selection: SelectionInfo) => void) | null;
}

const COPIED_MS = 1500;

/** Copy / Copied and Add to chat beside a selection (spec 03 §2.3). */
export function SelectionPopup({ selection, onAddToChat }: SelectionPopupProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);

  useEffect(() => setCopied(false), [selection.text]);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    if (await copyText(selection.text)) setCopied(true);
    else toast.error(t("workspaceViewer.editor.copyFailed"));
  };

  return (
    <div
      className="wsv-selection"
      role="toolbar"
      aria-label={t("workspaceViewer.editor.selectionActions")}
      data-testid="selection-popup"
      style={{ top: selection.top, left: selection.left }}
      // Keep the editor's selection while a button is pressed.
      onMouseDown={(event) => event.preventDefault()}
    >
      <button type="button" className="wsv-selection__btn" onClick={() => void copy()} data-testid="selection-copy">
        {copied ? t("workspaceViewer.editor.copied") : t("workspaceViewer.editor.copy")}
      </button>
      {onAddToChat && (
        <button type="button" className="wsv-selection__btn" onClick={() => onAddToChat(selection)} data-testid="selection-add-to-chat">
          {t("workspaceViewer.editor.addToChat")}
        </button>
      )}
    </div>
  );
}
