import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/Button";
import { Spinner } from "../../../ui/Spinner";
import { useWorkspace } from "../layout/WorkspaceContext";
import type { TerminalState } from "./connection";
import { terminalErrorText } from "./texts";
import { trackPointer, useTerminalGeometry } from "./useTerminalGeometry";
import { useTerminalSession } from "./useTerminalSession";
import "./terminal.css";
import { CloseIcon, MinimiseIcon } from "../../../ui/icons";

// xterm.js loads only when a terminal is first opened (DESIGN.md §6).
const XtermView = lazy(() => import("./XtermView"));

interface TerminalWindowProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

const STEP = 20;
const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP] };

function StatusDot({ state, testId }: { state: TerminalState; testId?: string }) {
  const { t } = useTranslation();
  const label = t(`workspaceViewer.terminal.states.${state}`);
  return <span className={`term-dot term-dot--${state}`} data-state={state} data-testid={testId} role="img" aria-label={label} title={label} />;
}

/** The floating terminal (spec 03 §2.6): draggable, resizable, minimised to a pill with Esc. */
export function TerminalWindow({ open, onOpenChange }: TerminalWindowProps) {
  const { t } = useTranslation();
  const { project, config } = useWorkspace();
  const allowed = config?.permissions.canUseTerminal === true;
  const { geometry, latest, moveExpanded, moveMinimized, resize } = useTerminalGeometry();
  const session = useTerminalSession(project?.id ?? null, open && allowed);
  const [minimized, setMinimized] = useState(false);
  const [screenFailed, setScreenFailed] = useState(false);
  const [screenKey, setScreenKey] = useState(0);
  const pill = useRef<HTMLButtonElement>(null);
  const pillDraggedAt = useRef(0);
  const windowEl = useRef<HTMLDivElement>(null);
  const { state, error } = session.status;

  useEffect(() => {
    if (!open) setMinimized(false);
  }, [open]);

  if (!open || typeof document === "undefined") return null;

  const minimise = () => {
    setMinimized(true);
    requestAnimationFrame(() => pill.current?.focus());
  };
  const restore = () => {
    // The click that ends a drag of the pill must not restore the window.
    if (Date.now() - pillDraggedAt.current < 300) return;
    setMinimized(false);
    requestAnimationFrame(() => windowEl.current?.querySelector<HTMLElement>(".xterm-helper-textarea, button")?.focus());
  };
  const reconnect = () => {
    if (screenFailed) {
      setScreenFailed(false);
      setScreenKey((n) => n + 1);
    } else session.reconnect();
  };

  const dragWindow = (event: PointerEvent) => {
    if ((event.target as HTMLElement).closest("button")) return;
    const start = latest.current.expanded;
    trackPointer(
      event,
      (dx, dy) => moveExpanded({ x: start.x + dx, y: start.y + dy }),
      () => {},
    );
  };
  const dragResize = (event: PointerEvent) => {
    event.stopPropagation();
    const start = latest.current.size;
    trackPointer(
      event,
      (dx, dy) => resize({ width: start.width + dx, height: start.height + dy }),
      () => {},
    );
  };
  const dragPill = (event: PointerEvent) => {
    const start = latest.current.minimized;
    // The pill is anchored to the bottom-left corner: moving down lowers its offset.
    trackPointer(
      event,
      (dx, dy) => moveMinimized({ x: start.x + dx, y: start.y - dy }),
      (moved) => {
        if (moved) pillDraggedAt.current = Date.now();
      },
    );
  };
  const onArrowKey = (event: KeyboardEvent, resizing: boolean) => {
    const delta = ARROWS[event.key];
    if (!delta) return;
    event.preventDefault();
    const g = latest.current;
    if (resizing) resize({ width: g.size.width + delta[0], height: g.size.height + delta[1] });
    else moveExpanded({ x: g.expanded.x + delta[0], y: g.expanded.y + delta[1] });
  };

  const errorText = screenFailed
    ? t("workspaceViewer.terminal.errors.initFailed")
    : error
      ? terminalErrorText(error, t)
      : t("workspaceViewer.terminal.errors.socket");
  const shownState: TerminalState = screenFailed ? "error" : allowed ? state : "disconnected";
  let body: ReactNode;
  if (!project) body = <p className="term-message">{t("workspaceViewer.empty.noProjectTitle")}</p>;
  else if (!config) body = <p className="term-message">{t("workspaceViewer.terminal.checkingAccess")}</p>;
  else if (!allowed)
    body = (
      <p className="term-message" data-testid="terminal-denied">
        {t("workspaceViewer.terminal.denied")}
      </p>
    );
  else if (session.connection && !screenFailed) {
    body = (
      <Suspense fallback={<p className="term-message">{t("workspaceViewer.terminal.loading")}</p>}>
        <XtermView
          key={`${screenKey}`}
          attach={session.attach}
          visible={!minimized}
          label={t("workspaceViewer.terminal.title")}
          onReady={session.ready}
          onResize={session.resized}
          onInput={session.input}
          onEscape={minimise}
          onFailed={() => setScreenFailed(true)}
        />
      </Suspense>
    );
  }

  return createPortal(
    <>
      <div
        ref={windowEl}
        className="term-window"
        role="dialog"
        aria-label={t("workspaceViewer.terminal.title")}
        data-testid="terminal-window"
        hidden={minimized}
        style={{ left: geometry.expanded.x, top: geometry.expanded.y, width: geometry.size.width, height: geometry.size.height }}
        onKeyDown={(event) => {
          if (event.key === "Escape") {
            event.preventDefault();
            minimise();
          }
        }}
      >
        <div
          className="term-window__bar"
          tabIndex={0}
          aria-label={t("workspaceViewer.terminal.dragHint")}
          onPointerDown={dragWindow}
          onKeyDown={(event) => onArrowKey(event, event.shiftKey)}
          data-testid="terminal-titlebar"
        >
          <StatusDot state={shownState} testId="terminal-status" />
          <span className="term-window__title">{t("workspaceViewer.terminal.title")}</span>
          {project && <span className="term-window__project">{project.name}</span>}
          <span className="term-window__state" aria-live="polite">
            {t(`workspaceViewer.terminal.states.${shownState}`)}
          </span>
          <button
            type="button"
            className="term-icon"
            onClick={minimise}
            aria-label={t("workspaceViewer.terminal.minimise")}
            title={`${t("workspaceViewer.terminal.minimise")} (Esc)`}
            data-testid="terminal-minimise"
          >
            <MinimiseIcon size={14} />
          </button>
          <button
            type="button"
            className="term-icon"
            onClick={() => onOpenChange(false)}
            aria-label={t("workspaceViewer.terminal.close")}
            title={t("workspaceViewer.terminal.close")}
            data-testid="terminal-close"
          >
            <CloseIcon size={14} />
          </button>
        </div>
        <div className="term-window__body">
          <p className="sr-only">{t("workspaceViewer.terminal.escHint")}</p>
          {body}
          {allowed && state === "waiting-sandbox" && !screenFailed && (
            <div className="term-overlay term-overlay--waiting" role="status" data-testid="terminal-waiting">
              <Spinner size={16} /> {t("workspaceViewer.terminal.waiting")}
            </div>
          )}
          {allowed && (state === "error" || screenFailed) && (
            <div className="term-overlay" role="alert" data-testid="terminal-error">
              <p>{errorText}</p>
              <Button size="sm" onClick={reconnect} data-testid="terminal-reconnect">
                {t("workspaceViewer.terminal.reconnect")}
              </Button>
            </div>
          )}
        </div>
        <div
          className="term-window__resize"
          role="separator"
          aria-orientation="horizontal"
          tabIndex={0}
          aria-label={t("workspaceViewer.terminal.resize")}
          onPointerDown={dragResize}
          onKeyDown={(event) => onArrowKey(event, true)}
        />
      </div>
      {minimized && (
        <button
          ref={pill}
          type="button"
          className="term-pill"
          data-testid="terminal-pill"
          data-state={shownState}
          aria-label={t("workspaceViewer.terminal.restore")}
          style={{ left: geometry.minimized.x, bottom: geometry.minimized.y }}
          onPointerDown={dragPill}
          onClick={restore}
        >
          <StatusDot state={shownState} />
          {t("workspaceViewer.terminal.title")}
        </button>
      )}
    </>,
    document.body,
  );
}
