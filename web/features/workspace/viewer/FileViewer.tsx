import { useEffect, type KeyboardEvent } from "react";
import { AnalysisPanel } from "../../../app/analysis";
import { useTranslation } from "react-i18next";
import { useWorkspace } from "../layout/WorkspaceContext";
import { FilePane } from "./FilePane";
import { ReadOnlyWarning } from "./FileStates";
import { GitStatusButton } from "./GitStatusButton";
import { useGitStatus } from "./gitStatus";
import { PreviewPane } from "./PreviewPane";
import { TabBar } from "./TabBar";
import { useTabsStore, useViewerTabs } from "./tabsStore";
import { useEditorActions } from "./useEditorActions";
import { useLinkedFile } from "./useLinkedFile";
import { useSidePreview } from "./editor/sidePreview";
import { SidePreviewPane } from "./editor/SidePreviewPane";
import "./viewer.css";

/** The viewer area of the workspace: tabs, the file or preview of the active tab, the git button. */
export function FileViewer() {
  const { t } = useTranslation();
  // The config is null while it loads: the editor stays read-only until the server says otherwise.
  const { project, config } = useWorkspace();
  const projectId = project?.id ?? null;
  const { tabs, activeId } = useViewerTabs(projectId);
  const active = tabs.find((tab) => tab.id === activeId) ?? null;
  const activePath = active?.type === "file" ? active.filePath : null;
  const canEdit = config?.permissions.canEdit ?? false;
  const actions = useEditorActions(projectId, canEdit, activePath);
  const gitStatus = useGitStatus(projectId);

  // Spec 03 §4: tabs reset when the project (or the chat, which brings its own project) changes.
  useEffect(() => useTabsStore.getState().setProject(projectId), [projectId]);
  useLinkedFile(projectId);
  const side = useSidePreview(projectId);

  if (!project) {
    return (
      <section className="wsv wsv--empty" data-testid="file-viewer">
        <div className="wsv-center wsv-center--column">
          <p className="wsv-empty-title">{t("workspaceViewer.empty.noProjectTitle")}</p>
          <p className="muted">{t("workspaceViewer.empty.noProjectBody")}</p>
        </div>
      </section>
    );
  }

  // Ctrl/Cmd+S anywhere in the viewer saves the current file instead of saving the web page.
  const onKeyDown = (event: KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "s") {
      event.preventDefault();
      if (activePath) actions.saveNow(activePath);
    }
  };

  return (
    <section className="wsv" data-testid="file-viewer" onKeyDown={onKeyDown}>
      <TabBar
        projectId={project.id}
        tabs={tabs}
        activeId={activeId}
        gitStatus={gitStatus}
        gitInitialized={project.gitInitialized}
        onClose={actions.closeTabs}
      />
      <div className={side ? "wsv-body wsv-body--split" : "wsv-body"} id="viewer-panel" role={active ? "tabpanel" : undefined} aria-label={active?.fileName}>
        {!active && (
          <div className="wsv-center">
            <p className="muted">{t("workspaceViewer.empty.selectFile")}</p>
          </div>
        )}
        {active?.type === "preview" && <PreviewPane key={active.id} tab={active} />}
        {active?.type === "analysis" && (
          <AnalysisPanel key={active.id} source={{ kind: "project", projectId: project.id, filePath: active.filePath }} fileName={active.fileName} />
        )}
        {active?.type === "file" && <FilePane key={active.id} project={project} tab={active} actions={actions} gitStatus={gitStatus} />}
        {side && <SidePreviewPane target={side} />}
        {actions.readOnlyWarning && <ReadOnlyWarning />}
        <GitStatusButton projectId={project.id} status={gitStatus} />
      </div>
    </section>
  );
}
