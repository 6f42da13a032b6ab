import { useCallback, useRef, useState, type DragEvent, type KeyboardEvent, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import type { GitFileStatus, GitStatus } from "../../../../contract/workspace";
import { docKey, isDirty, useDocumentsStore } from "./documents";
import { FILE_REFERENCE_MIME } from "./fileRefs";
import { STATUS_LETTER, statusOf } from "./gitStatus";
import { TabContextMenu, type TabMenuActionId } from "./TabContextMenu";
import { useTabsStore, type ViewerTab } from "./tabsStore";
import { AnalyzeFileIcon, CloseIcon, GlobeIcon } from "../../../ui/icons";

interface TabBarProps {
  projectId: string;
  tabs: readonly ViewerTab[];
  activeId: string | null;
  gitStatus: GitStatus;
  gitInitialized: boolean;
  onClose(tabs: readonly ViewerTab[]): void;
}

/** The test hook of a tab: its path, or the URL of a preview tab. */
export const tabTestKey = (tab: ViewerTab) => (tab.type === "analysis" ? tab.id : tab.filePath || tab.previewUrl || tab.id);

export function TabBar({ projectId, tabs, activeId, gitStatus, gitInitialized, onClose }: TabBarProps) {
  const { t } = useTranslation();
  const docs = useDocumentsStore((s) => s.docs);
  const list = useRef<HTMLDivElement>(null);
  const [menu, setMenu] = useState<{ tab: ViewerTab; x: number; y: number } | null>(null);
  const dismiss = useCallback(() => setMenu(null), []);

  const focusTab = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    useTabsStore.getState().activate(tab.id);
    list.current?.querySelector<HTMLElement>(`[data-tab-id="${CSS.escape(tab.id)}"]`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent, tab: ViewerTab, index: number) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      focusTab(moves[event.key]!);
    } else if (event.key === "Delete") {
      event.preventDefault();
      onClose([tab]);
    } else if (event.key === "ContextMenu" || (event.shiftKey && event.key === "F10")) {
      event.preventDefault();
      const box = (event.currentTarget as HTMLElement).getBoundingClientRect();
      setMenu({ tab, x: box.left, y: box.bottom });
    }
  };

  const onMenu = (action: Exclude<TabMenuActionId, "copyLink">, tab: ViewerTab) => {
    if (action === "close") onClose([tab]);
    else if (action === "closeOthers") onClose(tabs.filter((other) => other.id !== tab.id));
    else onClose(tabs);
  };

  const onDragStart = (event: DragEvent, tab: ViewerTab, status: GitFileStatus | null) => {
    if (tab.type !== "file") return;
    const ref = { filePath: tab.filePath, fileName: tab.fileName, itemType: "file", isGitFile: gitInitialized, status: status ?? "normal" };
    event.dataTransfer.setData(FILE_REFERENCE_MIME, JSON.stringify(ref));
    event.dataTransfer.setData("text/plain", tab.filePath);
    event.dataTransfer.effectAllowed = "copy";
  };

  return (
    <div className="wsv-tabbar">
      <div className="wsv-tabbar__tabs" role="tablist" aria-label={t("workspaceViewer.tabs.label")} ref={list}>
        {tabs.length === 0 && <span className="wsv-tabbar__empty">{t("workspaceViewer.empty.noFilesOpen")}</span>}
        {tabs.map((tab, index) => {
          const active = tab.id === activeId;
          const status = tab.type === "file" ? statusOf(gitStatus, tab.filePath) : null;
          const dirty = tab.type === "file" && isDirty(docs.get(docKey(projectId, tab.filePath)));
          const key = tabTestKey(tab);
          return (
            <div
              key={tab.id}
              role="tab"
              data-tab-id={tab.id}
              data-testid={`viewer-tab-${key}`}
              aria-selected={active}
              aria-controls="viewer-panel"
              tabIndex={active ? 0 : -1}
              title={tab.filePath || tab.previewUrl || undefined}
              className={`wsv-tab${active ? " wsv-tab--active" : ""}${status ? ` wsv-tab--${status}` : ""}`}
              draggable={tab.type === "file"}
              onDragStart={(event) => onDragStart(event, tab, status)}
              onClick={() => useTabsStore.getState().activate(tab.id)}
              onMouseDown={(event: MouseEvent) => event.button === 1 && event.preventDefault()}
              onAuxClick={(event: MouseEvent) => {
                if (event.button !== 1) return;
                event.preventDefault();
                onClose([tab]);
              }}
              onContextMenu={(event) => {
                event.preventDefault();
                setMenu({ tab, x: event.clientX, y: event.clientY });
              }}
              onKeyDown={(event) => onKeyDown(event, tab, index)}
            >
              {tab.type === "preview" && (
                <span className="wsv-tab__icon" title={t("workspaceViewer.tabs.preview")}>
                  <GlobeIcon size={13} />
                </span>
              )}
              {tab.type === "analysis" && (
                <span className="wsv-tab__icon" title={t("analysis.analyze")}>
                  <AnalyzeFileIcon size={13} />
                </span>
              )}
              <span className="wsv-tab__name">{tab.fileName}</span>
              {status && (
                <span className={`wsv-git wsv-git--${status}`} title={t(`workspaceViewer.git.${status}`)} data-testid={`viewer-tab-git-${key}`}>
                  {STATUS_LETTER[status]}
                </span>
              )}
              {dirty && (
                <span
                  className="wsv-tab__dirty"
                  role="img"
                  aria-label={t("workspaceViewer.tabs.unsaved")}
                  title={t("workspaceViewer.tabs.unsaved")}
                  data-testid={`viewer-tab-dirty-${key}`}
                />
              )}
              <button
                type="button"
                className="wsv-tab__close"
                tabIndex={-1}
                aria-label={t("workspaceViewer.tabs.closeTab", { name: tab.fileName })}
                data-testid={`viewer-tab-close-${key}`}
                onClick={(event) => {
                  event.stopPropagation();
                  onClose([tab]);
                }}
              >
                <CloseIcon size={12} />
              </button>
            </div>
          );
        })}
      </div>
      {tabs.length > 1 && (
        <button type="button" className="btn btn--ghost btn--sm wsv-tabbar__close-all" onClick={() => onClose(tabs)} data-testid="viewer-close-all">
          {t("workspaceViewer.tabs.closeAllButton")}
        </button>
      )}
      {menu && (
        <TabContextMenu
          x={menu.x}
          y={menu.y}
          single={tabs.length < 2}
          link={menu.tab.type === "file" ? { projectId, filePath: menu.tab.filePath } : null}
          onDismiss={dismiss}
          onAction={(action) => onMenu(action, menu.tab)}
        />
      )}
    </div>
  );
}
