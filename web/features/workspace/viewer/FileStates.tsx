import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/Button";
import { Spinner } from "../../../ui/Spinner";
import type { SaveState } from "./documents";

export function LoadingCode() {
  const { t } = useTranslation();
  return (
    <div className="wsv-center" role="status" data-testid="code-loading">
      <Spinner size={18} /> {t("workspaceViewer.file.loadingCode")}
    </div>
  );
}

/** 'Failed to Load Code' with the reason and Retry (spec 03 §2.3, §8). */
export function LoadError({ reason, onRetry }: { reason: string; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <div className="wsv-center wsv-center--column" role="alert" data-testid="code-load-error">
      <p className="wsv-error-title">{t("workspaceViewer.file.loadFailedTitle")}</p>
      <p className="muted">{t("workspaceViewer.file.fetchFailed", { status: reason })}</p>
      <Button size="sm" variant="secondary" onClick={onRetry}>
        {t("common.retry")}
      </Button>
    </div>
  );
}

const SAVE_LABEL = { saved: "saved", dirty: "unsaved", saving: "saving", error: "failed" } as const;

/** Saved / Unsaved / Saving... / Not saved, announced politely. */
export function SaveStateBadge({ state, readOnly }: { state: SaveState; readOnly: boolean }) {
  const { t } = useTranslation();
  if (readOnly) {
    return (
      <span className="wsv-badge" data-testid="save-state" data-state="readonly">
        {t("workspaceViewer.editor.readOnlyBadge")}
      </span>
    );
  }
  return (
    <span className={`wsv-badge wsv-badge--${state}`} data-testid="save-state" data-state={state} role="status" aria-live="polite">
      {state === "saving" && <Spinner size={10} />}
      {t(`workspaceViewer.editor.${SAVE_LABEL[state]}`)}
    </span>
  );
}

/** The 3-second read-only explanation (spec 03 §6). */
export function ReadOnlyWarning() {
  const { t } = useTranslation();
  return (
    <div className="wsv-readonly" role="alert" data-testid="readonly-warning">
      {t("workspaceViewer.editor.readOnly")}
    </div>
  );
}

/**
 * The file changed on disk (the agent wrote it) while it had unsaved edits. Non-blocking: the edits
 * stay, autosave waits, and the user picks the disk's version or keeps (and saves) their own.
 */
export function ChangedOnDiskNote({ onReload, onKeep }: { onReload(): void; onKeep(): void }) {
  const { t } = useTranslation();
  return (
    <div className="wsv-disk-note" role="status" data-testid="changed-on-disk">
      <span className="wsv-disk-note__text">{t("workspaceViewer.file.changedOnDisk")}</span>
      <span className="wsv-disk-note__actions">
        <Button size="sm" onClick={onReload} data-testid="changed-on-disk-reload">
          {t("workspaceViewer.file.reloadFromDisk")}
        </Button>
        <Button size="sm" variant="secondary" onClick={onKeep} data-testid="changed-on-disk-keep">
          {t("workspaceViewer.file.keepMine")}
        </Button>
      </span>
    </div>
  );
}
