import { useEffect, useId, useState } from "react";
import { TextAreaField } from "../../../ui/FormControls";
import { useTranslation } from "react-i18next";
import { toast } from "../../../ui/toast";
import { mutate } from "swr";
import type { GitStatus } from "../../../../contract";
import { ApiError } from "../../../app/api/client";
import { Button } from "../../../ui/Button";
import { WORKSPACE_KEYS, workspaceApi } from "../api";
import { WorkspaceModal } from "../layout/WorkspaceModal";
import { AgentCommit } from "./AgentCommit";
import { CommitHistory } from "./CommitHistory";
import { isMasterBranch, shortHash } from "./gitModel";

type Mode = "commit" | "history";

interface CommitDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  projectId: string;
  status: GitStatus;
  canEdit: boolean;
  /** After a checkout the tree and the open files reload. */
  onCheckedOut: () => void;
}

/** The commit dialog with its two modes, 'Commit' and 'Commit History' (spec 03 §2.2, §4). */
export function CommitDialog({ open, onOpenChange, projectId, status, canEdit, onCheckedOut }: CommitDialogProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>("commit");
  useEffect(() => {
    if (open) setMode("commit");
  }, [open]);

  return (
    <WorkspaceModal open={open} onOpenChange={onOpenChange} title={t("workspace.git.dialogTitle")} className="ws-commit-dialog" testId="commit-dialog">
      <div className="ws-segmented" role="tablist" aria-label={t("workspace.git.dialogTitle")}>
        {(["commit", "history"] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={mode === value}
            className="ws-segmented__option"
            onClick={() => setMode(value)}
            data-testid={`commit-mode-${value}`}
          >
            {value === "commit" ? t("workspace.git.commit") : t("workspace.git.history")}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="ws-commit-dialog__panel">
        {mode === "commit" ? (
          <CommitForm projectId={projectId} status={status} canEdit={canEdit} onDone={() => onOpenChange(false)} />
        ) : (
          <CommitHistory projectId={projectId} canEdit={canEdit} onCheckedOut={onCheckedOut} />
        )}
      </div>
    </WorkspaceModal>
  );
}

function CommitForm({ projectId, status, canEdit, onDone }: { projectId: string; status: GitStatus; canEdit: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const count = status.files.length;
  const manualTitle = useId();

  const commit = async () => {
    if (!message.trim()) {
      setError(t("workspace.git.messageRequired"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const done = await workspaceApi.commit(projectId, message.trim());
      toast.success(t("workspace.git.committed", { hash: shortHash(done.hash) }));
      void mutate(WORKSPACE_KEYS.gitStatus(projectId));
      void mutate(WORKSPACE_KEYS.commits(projectId));
      onDone();
    } catch (failure) {
      const reason = failure instanceof ApiError && failure.kind !== "network" ? failure.message : t("workspace.git.networkError");
      setError(t("workspace.git.commitFailed", { error: reason }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="ws-form">
      <p className="muted">
        {t("workspace.git.branch", { branch: status.branch })} · {t("workspace.git.changedFiles", { count })}
      </p>
      {isMasterBranch(status.branch) && <p className="ws-note">{t("workspace.git.masterNote")}</p>}
      <AgentCommit status={status} onSent={onDone} />
      <form
        className="ws-form ws-commit-manual"
        aria-labelledby={manualTitle}
        onSubmit={(event) => {
          event.preventDefault();
          void commit();
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void commit();
          }
        }}
      >
        <h3 id={manualTitle} className="ws-commit-manual__title">
          {t("workspace.git.manualTitle")}
        </h3>
        {!canEdit && <p className="muted">{t("workspace.git.noPermission")}</p>}
        <TextAreaField
          label={t("workspace.git.message")}
          textareaClassName="ws-form__textarea"
          rows={5}
          value={message}
          maxLength={5000}
          placeholder={t("workspace.git.messagePlaceholder")}
          onChange={(event) => setMessage(event.target.value)}
          aria-invalid={error ? true : undefined}
          data-testid="commit-message"
        />
        {error && (
          <p className="form-error" role="alert" data-testid="commit-error">
            {error}
          </p>
        )}
        <div className="modal__footer">
          <Button
            type="submit"
            variant="secondary"
            disabled={!canEdit || !message.trim() || count === 0}
            busy={busy}
            title={canEdit ? undefined : t("workspace.git.noPermission")}
            data-testid="commit-submit"
          >
            {busy ? t("workspace.git.committing") : t("workspace.git.commit")}
          </Button>
        </div>
      </form>
    </div>
  );
}
