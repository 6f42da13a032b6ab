import { useTranslation } from "react-i18next";
import { Spinner } from "../../../ui/Spinner";
import { CreateMenu } from "../projects/CreateMenu";
import { ProjectDropdown } from "../projects/ProjectDropdown";
import { ProjectSearchBar } from "../search/ProjectSearchBar";
import type { LayoutMode, NarrowView } from "./layoutPrefs";
import { NotificationsBell } from "./NotificationsBell";
import { useWorkspace } from "./WorkspaceContext";
import { ExpandRightIcon, PlayIcon, PulseIcon, SwapIcon, TerminalIcon } from "../../../ui/icons";

interface WorkspaceToolbarProps {
  mode: LayoutMode;
  explorerCollapsed: boolean;
  previewBusy: boolean;
  terminalOpen: boolean;
  /** The area a phone shows; null on wider screens, where the layout toggle is offered instead. */
  narrowView: NarrowView | null;
  onToggleNarrowView: () => void;
  onToggleMode: () => void;
  onExpandExplorer: () => void;
  onServiceStatus: () => void;
  onPreview: () => void;
  onTerminal: () => void;
  /** A search result opened in the viewer. */
  onFileOpened: () => void;
}

/** The coding layout's top toolbar (spec 03 §2.1). The sidebar toggle and avatar live in the app shell. */
export function WorkspaceToolbar(props: WorkspaceToolbarProps) {
  const { t } = useTranslation();
  const { project, config, chatId } = useWorkspace();
  const { mode, explorerCollapsed, narrowView } = props;
  const canUseTerminal = !!config?.permissions.canUseTerminal;
  const modeLabel = mode === "default" ? t("workspace.toolbar.layoutChatFirst") : t("workspace.toolbar.layoutDefault");

  return (
    <div className="ws-toolbar" role="toolbar" aria-label={t("workspace.toolbar.label")} data-testid="workspace-toolbar">
      <div className="ws-toolbar__group">
        <CreateMenu />
        <ProjectDropdown />
        <ProjectSearchBar onOpened={props.onFileOpened} />
        {explorerCollapsed && narrowView !== "chat" && (
          <button type="button" className="ws-tool" onClick={props.onExpandExplorer} data-testid="explorer-expand">
            <ExpandRightIcon size={14} /> {t("workspace.toolbar.expandExplorer")}
          </button>
        )}
      </div>
      <div className="ws-toolbar__group">
        {narrowView ? (
          <button type="button" className="ws-tool" onClick={props.onToggleNarrowView} data-testid="narrow-view-toggle">
            <SwapIcon size={15} /> {narrowView === "chat" ? t("workspace.toolbar.showFiles") : t("workspace.toolbar.showChat")}
          </button>
        ) : (
          <button
            type="button"
            className="ws-tool"
            onClick={props.onToggleMode}
            aria-label={`${t("workspace.toolbar.layoutToggle")}: ${modeLabel}`}
            title={modeLabel}
            aria-pressed={mode === "chat-first"}
            data-testid="layout-toggle"
          >
            <SwapIcon size={15} />
          </button>
        )}
        <button type="button" className="ws-tool" onClick={props.onServiceStatus} disabled={!project} data-testid="service-status-open">
          <PulseIcon size={14} /> {t("workspace.toolbar.serviceStatus")}
        </button>
        <button
          type="button"
          className="ws-tool"
          onClick={props.onPreview}
          disabled={!project || props.previewBusy}
          aria-busy={props.previewBusy || undefined}
          data-testid="preview-open"
        >
          {props.previewBusy ? <Spinner size={12} /> : <PlayIcon size={13} />} {t("workspace.toolbar.preview")}
        </button>
        {/* aria-disabled, not disabled: the reason stays readable on hover and focus. */}
        <button
          type="button"
          className="ws-tool"
          aria-disabled={!canUseTerminal || undefined}
          aria-pressed={props.terminalOpen}
          title={canUseTerminal ? t("workspace.toolbar.terminal") : t("workspace.terminalDenied")}
          aria-description={canUseTerminal ? undefined : t("workspace.terminalDenied")}
          onClick={() => canUseTerminal && props.onTerminal()}
          data-testid="terminal-open"
        >
          <TerminalIcon size={14} /> {t("workspace.toolbar.terminal")}
        </button>
        <NotificationsBell currentChatId={chatId} />
      </div>
    </div>
  );
}
