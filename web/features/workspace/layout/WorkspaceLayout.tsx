import { useState, type ReactNode } from "react";
import { Group, Panel, Separator, usePanelRef } from "react-resizable-panels";
import { useTranslation } from "react-i18next";
import type { ChatListItem } from "../../../../contract";
import { useNarrowScreen } from "../../../app/layout/narrowScreen";
import { hasRequestedFile } from "../../../app/projectLink";
import { Button } from "../../../ui/Button";
import { ExplorerPanel } from "../explorer/ExplorerPanel";
import { ServiceStatusModal } from "../services/ServiceStatusModal";
import { TerminalWindow } from "../terminal/TerminalWindow";
import { FileViewer } from "../viewer/FileViewer";
import { PANEL_LIMITS, readLayoutMode, saveLayoutMode, type LayoutMode, type NarrowView } from "./layoutPrefs";
import { usePreview } from "./usePreview";
import { useWorkspace, WorkspaceProvider } from "./WorkspaceContext";
import { WorkspaceToolbar } from "./WorkspaceToolbar";
import "../workspace.css";

interface WorkspaceLayoutProps {
  /** The open chat; its `project_id` names the project. */
  chat: ChatListItem;
  /** The chat room, composed by the route so features do not import each other. */
  chatPanel: ReactNode;
}

/**
 * The coding layout (spec 03 §2.1): toolbar over explorer | viewer | chat, resizable with the
 * spec's minimums. Chat-first mode puts the chat on the left. On a phone the panels' minimums do
 * not fit side by side: one area (chat, or explorer and viewer) shows at full width, switched from
 * the toolbar; both stay mounted so open files, drafts and the chat's socket survive the switch.
 */
export function WorkspaceLayout({ chat, chatPanel }: WorkspaceLayoutProps) {
  return (
    <WorkspaceProvider chat={chat}>
      <WorkspacePanels chatPanel={chatPanel} linkedFile={hasRequestedFile(chat.project_id)} />
    </WorkspaceProvider>
  );
}

/** `linkedFile`: opened from a link to one of the project's files, so a phone starts on the files. */
function WorkspacePanels({ chatPanel, linkedFile }: { chatPanel: ReactNode; linkedFile: boolean }) {
  const { t } = useTranslation();
  const { project, loading, failed, reload, ownerId } = useWorkspace();
  const projectId = project?.id ?? null;
  const [mode, setMode] = useState<LayoutMode>(readLayoutMode);
  const [explorerCollapsed, setExplorerCollapsed] = useState(false);
  const [servicesOpen, setServicesOpen] = useState(false);
  const [terminalOpen, setTerminalOpen] = useState(false);
  const narrow = useNarrowScreen();
  const [narrowView, setNarrowView] = useState<NarrowView>(linkedFile ? "files" : "chat");
  const explorer = usePanelRef();
  const preview = usePreview(projectId, ownerId);

  const toggleMode = () => {
    const next: LayoutMode = mode === "default" ? "chat-first" : "default";
    saveLayoutMode(next);
    setMode(next);
    setExplorerCollapsed(false);
  };

  const chatArea = (
    <Panel
      id="ws-chat"
      className="ws-panel ws-panel--chat"
      minSize={PANEL_LIMITS.chatMin}
      defaultSize={PANEL_LIMITS.chatDefault}
      data-testid="workspace-chat-panel"
    >
      {chatPanel}
    </Panel>
  );
  const separator = <Separator className="ws-separator" />;

  return (
    <div className="ws-layout" data-testid="workspace-layout" data-layout={mode} data-narrow-view={narrow ? narrowView : undefined}>
      <WorkspaceToolbar
        mode={mode}
        explorerCollapsed={explorerCollapsed}
        previewBusy={preview.busy}
        terminalOpen={terminalOpen}
        narrowView={narrow ? narrowView : null}
        onToggleNarrowView={() => setNarrowView((view) => (view === "chat" ? "files" : "chat"))}
        onToggleMode={toggleMode}
        onExpandExplorer={() => explorer.current?.expand()}
        onServiceStatus={() => setServicesOpen(true)}
        onPreview={() => void preview.open()}
        onTerminal={() => setTerminalOpen((open) => !open)}
        onFileOpened={() => setNarrowView("files")}
      />
      {failed && (
        <div className="inline-error ws-layout__error" role="alert">
          {t("workspace.projectFailed")}
          <Button size="sm" variant="secondary" onClick={reload}>
            {t("common.retry")}
          </Button>
        </div>
      )}
      {/* Remounted on a mode switch so each order starts from the spec's default sizes. */}
      <Group key={mode} orientation="horizontal" className="ws-panels" aria-label={t("workspace.toolbar.panels")}>
        {mode === "chat-first" && chatArea}
        {mode === "chat-first" && separator}
        <Panel id="ws-work" className="ws-panel" minSize={PANEL_LIMITS.workMin}>
          <Group orientation="horizontal" className="ws-panels">
            <Panel
              id="ws-explorer"
              className="ws-panel"
              panelRef={explorer}
              collapsible
              collapsedSize={0}
              minSize={PANEL_LIMITS.explorerMin}
              defaultSize={PANEL_LIMITS.explorerDefault}
              onResize={(size) => setExplorerCollapsed(size.inPixels < 1)}
              data-testid="workspace-explorer-panel"
            >
              <ExplorerPanel key={projectId ?? "none"} onCollapse={() => explorer.current?.collapse()} />
            </Panel>
            <Separator className="ws-separator" />
            <Panel id="ws-viewer" className="ws-panel" minSize={PANEL_LIMITS.viewerMin} data-testid="workspace-viewer-panel">
              <FileViewer />
            </Panel>
          </Group>
        </Panel>
        {mode === "default" && separator}
        {mode === "default" && chatArea}
      </Group>
      {project && <TerminalWindow open={terminalOpen} onOpenChange={setTerminalOpen} />}
      <ServiceStatusModal open={servicesOpen} onOpenChange={setServicesOpen} />
    </div>
  );
}
