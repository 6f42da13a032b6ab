import { useTranslation } from "react-i18next";
import { projectFileLink } from "../../../app/projectLink";
import { toast } from "../../../ui/toast";
import { copyText } from "./clipboard";
import { ContextMenu, type ContextMenuItem } from "./ContextMenu";

export type TabMenuActionId = "close" | "closeOthers" | "closeAll" | "copyLink";
export type TabMenuAction = ContextMenuItem<TabMenuActionId>;

interface TabContextMenuProps {
  x: number;
  y: number;
  onAction(id: Exclude<TabMenuActionId, "copyLink">): void;
  onDismiss(): void;
  /** Only one tab open: Close Others does nothing. */
  single: boolean;
  /** The file a Copy link names; null for a preview tab, which has no link. */
  link: { projectId: string; filePath: string } | null;
}

/** Copies `/{locale}/home/coding-projects/{id}?filePath=…`, which opens the project with this file (spec 03 §2). */
async function copyLink(projectId: string, filePath: string, copied: string, failed: string): Promise<void> {
  if (await copyText(projectFileLink(projectId, filePath))) toast.success(copied);
  else toast.error(failed);
}

/** The tab's right-click menu: Close, Close Others, Close All (spec 03 §2.3), and Copy link for a file. */
export function TabContextMenu({ x, y, onAction, onDismiss, single, link }: TabContextMenuProps) {
  const { t } = useTranslation();
  const items: TabMenuAction[] = [
    { id: "close", label: t("workspaceViewer.tabs.close") },
    { id: "closeOthers", label: t("workspaceViewer.tabs.closeOthers"), disabled: single },
    { id: "closeAll", label: t("workspaceViewer.tabs.closeAll") },
    ...(link ? [{ id: "copyLink" as const, label: t("workspaceViewer.tabs.copyLink") }] : []),
  ];
  return (
    <ContextMenu
      x={x}
      y={y}
      label={t("workspaceViewer.tabs.menu")}
      testId="viewer-tab-menu"
      items={items}
      onDismiss={onDismiss}
      onAction={(id) => {
        if (id !== "copyLink") onAction(id);
        else if (link) void copyLink(link.projectId, link.filePath, t("workspaceViewer.tabs.linkCopied"), t("workspaceViewer.editor.copyFailed"));
      }}
    />
  );
}
