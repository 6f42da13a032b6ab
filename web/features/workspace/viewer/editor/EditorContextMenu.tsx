import { useTranslation } from "react-i18next";
import { ContextMenu } from "../ContextMenu";

export type EditorMenuAction = "openFirstReference";

interface EditorContextMenuProps {
  x: number;
  y: number;
  onAction(action: EditorMenuAction): void;
  onDismiss(): void;
}

/** The editor's right-click menu (Shift+right-click keeps the browser's own). */
export function EditorContextMenu({ x, y, onAction, onDismiss }: EditorContextMenuProps) {
  const { t } = useTranslation();
  return (
    <ContextMenu
      x={x}
      y={y}
      label={t("workspaceViewer.editor.menu")}
      testId="editor-menu"
      items={[{ id: "openFirstReference", label: t("workspaceViewer.editor.openFirstReference") }]}
      onAction={onAction}
      onDismiss={onDismiss}
    />
  );
}
