import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { importedProjectName, type GitlabRepository } from "../../../../contract";
import { Button } from "../../../ui/Button";
import { LoadState } from "../../../ui/LoadState";
import { Modal } from "../../../ui/Modal";
import { workspaceApi, type CreateProjectInput } from "../api";
import { groupRepositories, type GitLabGroup, type GitLabSession } from "./gitlabModel";
import { GitLabSignInForm } from "./GitLabSignInForm";
import { useOwnOrganization } from "./useOwnOrganization";

/** Kept for the page's lifetime so reopening the dialog does not ask to sign in again; sign-out clears it. */
let heldSession: GitLabSession | null = null;

interface GitLabImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onImport: (body: CreateProjectInput) => Promise<boolean>;
}

/** Self-hosted git import (spec 03 §2.8): sign in, then groups on the left and repositories on the right. */
export function GitLabImportDialog({ open, onOpenChange, busy, onImport }: GitLabImportDialogProps) {
  const { t } = useTranslation();
  const [session, setSession] = useState<GitLabSession | null>(heldSession);
  const signIn = (next: GitLabSession | null) => {
    heldSession = next;
    setSession(next);
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={t("workspace.gitlab.title")}
      size={session ? "lg" : "sm"}
      testId="gitlab-import-dialog"
      footer={
        <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={busy} data-testid="gitlab-cancel">
          {t("common.cancel")}
        </Button>
      }
    >
      {session ? (
        <RepoPicker session={session} busy={busy} onSignOut={() => signIn(null)} onImport={onImport} onDone={() => onOpenChange(false)} />
      ) : (
        <GitLabSignInForm onSignedIn={signIn} />
      )}
    </Modal>
  );
}

interface RepoPickerProps {
  session: GitLabSession;
  busy: boolean;
  onSignOut: () => void;
  onImport: (body: CreateProjectInput) => Promise<boolean>;
  onDone: () => void;
}

function RepoPicker({ session, busy, onSignOut, onImport, onDone }: RepoPickerProps) {
  const { t } = useTranslation();
  const [groups, setGroups] = useState<GitLabGroup[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [groupName, setGroupName] = useState<string | null>(null);
  const [selected, setSelected] = useState<GitlabRepository | null>(null);
  const org = useOwnOrganization(true);

  useEffect(() => {
    let live = true;
    setFailed(false);
    setGroups(null);
    workspaceApi
      .gitlabRepositories(session.serverUrl, session.auth, session.authType)
      .then((data) => live && setGroups(groupRepositories(data)))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [session, attempt]);

  const group = useMemo(() => groups?.find((g) => g.name === groupName) ?? null, [groups, groupName]);

  const importSelected = async () => {
    if (!selected || !org.organization) return;
    const ok = await onImport({
      name: importedProjectName(selected.name, false),
      description: selected.description ?? "",
      organizationId: org.organization.id,
      httpRepoUrl: selected.http_repo_url,
      sshRepoUrl: selected.ssh_repo_url,
      isImported: true,
      repoId: selected.id,
      gitlabAuth: session,
      refreshToken: session.refreshToken,
      branch: selected.default_branch ?? "main",
    });
    if (ok) onDone();
  };

  return (
    <div className="ws-import" data-testid="gitlab-repos">
      <div className="ws-import__bar">
        <span className="muted">{t("workspace.gitlab.signedInAs", { name: session.email ?? session.username })}</span>
        <Button size="sm" variant="ghost" onClick={onSignOut} data-testid="gitlab-signout">
          {t("workspace.gitlab.signOut")}
        </Button>
      </div>
      <LoadState loading={groups === null && !failed} failed={failed} failedText={t("workspace.gitlab.reposFailed")} onRetry={() => setAttempt((n) => n + 1)} />
      {groups && (
        <div className="ws-import__columns">
          <nav className="ws-import__groups" aria-label={t("workspace.gitlab.groups")}>
            {groups.length === 0 && <p className="muted">{t("workspace.gitlab.noRepos")}</p>}
            {groups.map((g) => (
              <button
                key={g.name}
                type="button"
                className="ws-list-item"
                aria-current={g.name === groupName || undefined}
                onClick={() => {
                  setGroupName(g.name);
                  setSelected(null);
                }}
                data-testid={`gitlab-group-${g.name}`}
              >
                <span className="menu__item-text">{g.name}</span>
                <span className="muted">{g.repositories.length}</span>
              </button>
            ))}
          </nav>
          <div className="ws-import__repos" role="radiogroup" aria-label={t("workspace.gitlab.selectRepo")}>
            {!group && <p className="muted">{t("workspace.gitlab.selectGroup")}</p>}
            {group && <p className="muted">{t("workspace.gitlab.selectRepo")}</p>}
            {group?.repositories.map((repo) => (
              <button
                key={String(repo.id)}
                type="button"
                role="radio"
                aria-checked={selected?.id === repo.id}
                className="ws-list-item ws-list-item--repo"
                onClick={() => setSelected(selected?.id === repo.id ? null : repo)}
                data-testid={`gitlab-repo-${repo.id}`}
              >
                <span className="ws-repo__name">{repo.name}</span>
                {repo.description && <span className="ws-repo__description">{repo.description}</span>}
              </button>
            ))}
          </div>
        </div>
      )}
      {org.missing && <p className="form-error">{t("workspace.create.noOrganization")}</p>}
      <div className="ws-import__footer">
        {selected && <span className="muted">{t("workspace.gitlab.importAs", { name: importedProjectName(selected.name, false) })}</span>}
        <Button onClick={() => void importSelected()} disabled={!selected || !org.organization} busy={busy} data-testid="gitlab-import-submit">
          {t("workspace.gitlab.import")}
        </Button>
      </div>
    </div>
  );
}
