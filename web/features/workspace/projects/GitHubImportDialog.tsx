import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { importedProjectName, type GithubAccountStatus, type GithubRepository } from "../../../../contract";
import { Button } from "../../../ui/Button";
import { LoadState } from "../../../ui/LoadState";
import { Modal } from "../../../ui/Modal";
import { Spinner } from "../../../ui/Spinner";
import { workspaceApi, type CreateProjectInput } from "../api";
import { GitHubAccount } from "./GitHubAccount";
import { useOwnOrganization } from "./useOwnOrganization";

interface GitHubImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onImport: (body: CreateProjectInput) => Promise<boolean>;
}

/** Public git host import (spec 03 §2.8, §4): the user's GitHub account, then search and the repository list. */
export function GitHubImportDialog({ open, onOpenChange, busy, onImport }: GitHubImportDialogProps) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<GithubAccountStatus | null>(null);
  const [failed, setFailed] = useState(false);

  const check = useCallback(() => {
    setStatus(null);
    setFailed(false);
    workspaceApi
      .githubStatus()
      .then(setStatus)
      .catch(() => setFailed(true));
  }, []);

  useEffect(() => {
    if (open) check();
  }, [open, check]);

  return (
    <Modal open={open} onOpenChange={(next) => !busy && onOpenChange(next)} title={t("workspace.github.title")} size="md" testId="github-import-dialog">
      {!status && !failed && (
        <p className="muted" role="status">
          <Spinner size={14} /> {t("workspace.github.checking")}
        </p>
      )}
      {failed && <LoadState loading={false} failed failedText={t("workspace.github.fetchFailed")} onRetry={check} />}
      {status && <GitHubAccount status={status} onChange={setStatus} />}
      {/* Without an account public repositories can still be searched. */}
      {status && (
        <RepoList key={`${status.source}:${status.login}`} searchOnly={!status.authorized} busy={busy} onImport={onImport} onDone={() => onOpenChange(false)} />
      )}
    </Modal>
  );
}

interface RepoListProps {
  searchOnly: boolean;
  busy: boolean;
  onImport: GitHubImportDialogProps["onImport"];
  onDone: () => void;
}

function RepoList({ searchOnly, busy, onImport, onDone }: RepoListProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState("");
  const [search, setSearch] = useState<string | null>(null);
  const [repos, setRepos] = useState<GithubRepository[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const org = useOwnOrganization(true);

  useEffect(() => {
    let live = true;
    setRepos(null);
    setError(null);
    if (searchOnly && !search) {
      setRepos([]);
      return;
    }
    workspaceApi
      .githubRepositories(search)
      .then((data) => live && setRepos(data.repositories))
      .catch(() => live && setError(search ? t("workspace.github.searchFailed") : t("workspace.github.fetchFailed")));
    return () => {
      live = false;
    };
  }, [search, attempt, searchOnly, t]);

  const runSearch = () => {
    if (!query.trim()) {
      setError(t("workspace.github.searchRequired"));
      return;
    }
    setSearch(query.trim());
    setAttempt((n) => n + 1);
  };

  const importRepo = async (repo: GithubRepository) => {
    if (!org.organization) return;
    const ok = await onImport({
      name: importedProjectName(repo.name, true),
      description: repo.description ?? "",
      organizationId: org.organization.id,
      httpRepoUrl: repo.clone_url,
      sshRepoUrl: repo.ssh_url,
      isImported: 2,
      branch: "master",
      useGithubAuth: true,
      githubRepo: { id: repo.id, name: repo.name, owner: repo.owner.login, clone_url: repo.clone_url, ssh_url: repo.ssh_url, private: repo.private },
    });
    if (ok) onDone();
  };

  return (
    <div className="ws-form" data-testid="github-repos">
      <form
        className="ws-search-row"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          runSearch();
        }}
      >
        <input
          type="search"
          className="field__input"
          placeholder={t("workspace.github.search")}
          aria-label={t("workspace.github.search")}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          data-testid="github-search"
        />
        <Button type="submit" variant="secondary" data-testid="github-search-submit">
          {t("workspace.github.searchButton")}
        </Button>
        {search && !searchOnly && (
          <Button
            variant="ghost"
            onClick={() => {
              setQuery("");
              setSearch(null);
            }}
            data-testid="github-show-all"
          >
            {t("workspace.github.showAll")}
          </Button>
        )}
      </form>
      <LoadState loading={repos === null && !error} failed={repos === null && !!error} failedText={error ?? ""} onRetry={() => setAttempt((n) => n + 1)} />
      {repos !== null && error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      {repos?.length === 0 && (search || !searchOnly) && <p className="muted">{t("workspace.github.noRepos")}</p>}
      {org.missing && <p className="form-error">{t("workspace.create.noOrganization")}</p>}
      <ul className="ws-repo-list">
        {repos?.map((repo) => (
          <li key={String(repo.id)} className="ws-repo" data-testid={`github-repo-${repo.id}`}>
            <div className="ws-repo__text">
              <span className="ws-repo__name">
                {repo.owner.login}/{repo.name} {repo.private && <span className="badge">{t("workspace.github.private")}</span>}
              </span>
              {repo.description && <span className="ws-repo__description">{repo.description}</span>}
              <span className="muted ws-repo__meta">
                {[repo.language, t("workspace.github.stars", { count: repo.stargazers_count })].filter(Boolean).join(" · ")}
              </span>
            </div>
            <Button size="sm" onClick={() => void importRepo(repo)} disabled={busy || !org.organization} data-testid={`github-import-${repo.id}`}>
              {t("workspace.github.import")}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
