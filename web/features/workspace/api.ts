import useSWR from "swr";
import type {
  AgentSettingsAnswer,
  ApprovalPolicy,
  CheckoutAnswer,
  CodingProject,
  CommitAnswer,
  CommitListAnswer,
  CreateProjectAnswer,
  DomainsHealth,
  FileTreeAnswer,
  GithubAccountStatus,
  GithubAuthorizeAnswer,
  GithubReposAnswer,
  GitlabAuthAnswer,
  GitlabReposAnswer,
  GitStatusAnswer,
  KillAnswer,
  PrepareAnswer,
  ProjectConfig,
  ProjectListAnswer,
} from "../../../contract";
import { api } from "../../app/api/client";
import { silentFetcher } from "../../app/api/swr";
import { projectConfigKey } from "../../app/workspaceReady";
import type { GitLabSignIn } from "./projects/gitlabModel";

/**
 * The workspace's calls (contract/workspace.ts). Project routes live under
 * `/api/coding-projects/{id}/…`; the Worker checks membership and proxies to the sandbox host.
 */

const quiet = { silent: true } as const;
export const projectPath = (projectId: string) => `/api/coding-projects/${encodeURIComponent(projectId)}`;

export const WORKSPACE_KEYS = {
  projects: "/api/coding-projects",
  project: (id: string) => projectPath(id),
  /** Shared with the chat composer's readiness check (web/app/workspaceReady.ts). */
  config: projectConfigKey,
  gitStatus: (id: string) => `${projectPath(id)}/git-status`,
  commits: (id: string) => `${projectPath(id)}/commits`,
  githubStatus: "/api/auth/github/status",
} as const;

export function useProjects(enabled = true) {
  return useSWR<ProjectListAnswer>(enabled ? WORKSPACE_KEYS.projects : null, silentFetcher);
}

export function useProject(projectId: string | null) {
  return useSWR<CodingProject>(projectId ? WORKSPACE_KEYS.project(projectId) : null, silentFetcher);
}

export function useProjectConfig(projectId: string | null) {
  return useSWR<ProjectConfig>(projectId ? WORKSPACE_KEYS.config(projectId) : null, silentFetcher);
}

const GIT_STATUS_POLL_MS = 15_000;

export function useGitStatus(projectId: string | null) {
  // The agent and the terminal change files behind the explorer's back, so the status is polled.
  return useSWR<GitStatusAnswer>(projectId ? WORKSPACE_KEYS.gitStatus(projectId) : null, silentFetcher, { refreshInterval: GIT_STATUS_POLL_MS });
}

export function useCommits(projectId: string | null) {
  return useSWR<CommitListAnswer>(projectId ? WORKSPACE_KEYS.commits(projectId) : null, silentFetcher);
}

export type CreateProjectInput = {
  name: string;
  description?: string;
  organizationId: string;
  httpRepoUrl?: string | null;
  sshRepoUrl?: string | null;
  isImported?: boolean | 0 | 1 | 2;
  branch?: string;
  repoId?: string | number;
  gitlabAuth?: unknown;
  refreshToken?: string | null;
  useGithubAuth?: boolean;
  githubRepo?: unknown;
};

/** Imports clone a repository first, which can take minutes. */
const IMPORT_TIMEOUT_MS = 10 * 60_000;

export const workspaceApi = {
  createProject: (body: CreateProjectInput) =>
    api.post<CreateProjectAnswer>(WORKSPACE_KEYS.projects, body, { ...quiet, timeoutMs: body.isImported ? IMPORT_TIMEOUT_MS : undefined }),
  tree: (projectId: string, parentPath: string) => api.get<FileTreeAnswer>(`${projectPath(projectId)}/file-tree-lazy`, { parent_path: parentPath }, quiet),
  gitStatus: (projectId: string) => api.get<GitStatusAnswer>(`${projectPath(projectId)}/git-status`, { refresh: true }, quiet),
  commit: (projectId: string, message: string) => api.post<CommitAnswer>(`${projectPath(projectId)}/commit`, { message }, quiet),
  /** Owner only; anyone else gets 403 with PROJECT_TEXTS.agentSettingsDenied. */
  agentSettings: (projectId: string, approvalPolicy: ApprovalPolicy) =>
    api.put<AgentSettingsAnswer>(`/api/v2/coding-projects/${encodeURIComponent(projectId)}/agent-settings`, { approvalPolicy }, quiet),
  checkout: (projectId: string, commitHash: string) => api.post<CheckoutAnswer>(`${projectPath(projectId)}/checkout`, { commitHash }, quiet),
  domainsHealth: (ownerId: string, projectId: string) =>
    api.get<DomainsHealth>("/api/sandbox/domains-health", { human_user_id: ownerId, workspace: projectId }, quiet),
  kill: (projectId: string, port: number, ownerId: string | null) =>
    api.post<KillAnswer>("/api/sandbox/processes/kill", { ports: [port], force: false, workspace: projectId, human_user_id: ownerId ?? undefined }, quiet),
  restartVm: (projectId: string) => api.post<unknown>(`${projectPath(projectId)}/restart-vm`, {}, quiet),
  /** Prepares the user's sandbox after sign-in; failures are not the user's concern (spec 03 §4). */
  warmSandbox: () => api.post<PrepareAnswer>("/api/sandbox?wait_if_maintenance=false", {}, quiet),
  gitlabAuth: (body: GitLabSignIn) => api.post<GitlabAuthAnswer>("/api/gitlab-proxy/auth", { ...body, grantType: "password" }, quiet),
  gitlabRepositories: (serverUrl: string, auth: string, authType: string) =>
    api.post<GitlabReposAnswer>("/api/gitlab-proxy/repositories", { serverUrl, auth, authType }, quiet),
  githubStatus: () => api.get<GithubAccountStatus>(WORKSPACE_KEYS.githubStatus, undefined, quiet),
  /** GitHub's authorize address for this user; the browser goes there and comes back to `returnTo`. */
  githubAuthorize: (returnTo: string) => api.get<GithubAuthorizeAnswer>("/api/auth/github/authorize", { returnTo }, quiet),
  githubDisconnect: () => api.delete<GithubAccountStatus>("/api/auth/github", quiet),
  githubRepositories: (search: string | null) => api.get<GithubReposAnswer>("/api/github/repositories", search ? { search } : { type: "user" }, quiet),
};
