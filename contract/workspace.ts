import type { ApprovalPolicy } from "./coding-agent";
import * as v from "valibot";

/**
 * The coding workspace (spec 03). Every call is under `/api/coding-projects/{projectId}/…` unless
 * said otherwise; the Worker checks that the caller is in the project's chat, then proxies to the
 * sandbox host. Answers use the `{code, data, message}` envelope; `data` is what is listed here.
 */

export const PROJECT_NAME_MAX = 50;
export const PROJECT_TEXTS = {
  nameRequired: "Project name is required",
  nameTooLong: "Project name must be less than 50 characters",
  nameChars: "Project name can only contain letters, numbers, spaces, hyphens and underscores",
  noOrganization: "Unable to get user organization information. Please log in again!",
  noCodingAgent: "Coding agent not found. Please create one first.",
  readOnly: "This file is in read-only mode and cannot be edited. Please contact the project administrator for editing permissions.",
  terminalDenied: "Only chat owner or presenter can access",
  restartDenied: "Only the chat owner can restart the VM",
  killDenied: "Only the controller of the chat can stop services",
  uploadDenied: "No permission to upload files",
  agentSettingsDenied: "Only the project owner can change the agent's approval settings",
} as const;

export const ProjectName = v.pipe(
  v.optional(v.string(PROJECT_TEXTS.nameRequired), ""),
  v.trim(),
  v.minLength(1, PROJECT_TEXTS.nameRequired),
  v.maxLength(PROJECT_NAME_MAX, PROJECT_TEXTS.nameTooLong),
  v.regex(/^[A-Za-z0-9 _-]+$/, PROJECT_TEXTS.nameChars),
);

/** `POST /api/coding-projects`. Imports add the repository fields (spec 03 §7.3). */
export const CreateProjectBody = v.object({
  name: ProjectName,
  description: v.optional(v.pipe(v.string(), v.maxLength(1000, "Description is too long")), ""),
  chatId: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(64)))),
  organizationId: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(64)))),
  httpRepoUrl: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(2048)))),
  sshRepoUrl: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(2048)))),
  /** 0/false created here, 1/true self-hosted git, 2 public git host. */
  isImported: v.optional(v.union([v.boolean(), v.picklist([0, 1, 2])])),
  branch: v.optional(v.pipe(v.string(), v.maxLength(200))),
  repoId: v.optional(v.union([v.string(), v.number()])),
  gitlabAuth: v.optional(v.unknown()),
  refreshToken: v.optional(v.nullable(v.string())),
  useGithubAuth: v.optional(v.boolean()),
  githubRepo: v.optional(v.unknown()),
});

/** A project as every call returns it (spec 03 §3 "Project"). */
export interface CodingProject {
  id: string;
  name: string;
  description: string;
  directoryName: string;
  directoryPath: string;
  gitInitialized: boolean;
  httpRepoUrl: string | null;
  sshRepoUrl: string | null;
  branch: string;
  isImported: 0 | 1 | 2;
  status: string;
  currentUse: boolean;
  organizationId: string;
  ownerId: string;
  chatId: string | null;
  chatName: string | null;
  chatType: string | null;
  chatOwnerId: string | null;
  chatOwnerName: string | null;
  /** The coding agent's approval policy ("ask" or "auto_edits"); the owner changes it. */
  approvalPolicy: ApprovalPolicy;
  createdAt: string;
}

/** `POST /api/coding-projects` → `{success, project, chatId}`; `GET /api/coding-projects` → `{projects}`. */
export interface CreateProjectAnswer {
  success: true;
  project: CodingProject;
  chatId: string;
}

/** Imported names: anything but letters, digits, hyphen and underscore becomes a hyphen, lowercased (spec 03 §5). */
export function importedProjectName(repoName: string, publicHost: boolean): string {
  const name = repoName.replace(/[^A-Za-z0-9_-]/g, "-").toLowerCase();
  return (publicHost ? name.replace(/^-+|-+$/g, "") : name).slice(0, PROJECT_NAME_MAX);
}

// ---- Files and git (spec 03 §7.1) ----

/** `GET …/file-tree-lazy?parent_path=` → `{path, children}`. */
export interface FileNode {
  id: string;
  name: string;
  path: string;
  type: "file" | "directory";
  size: number;
  lastModified: string;
  isHidden: boolean;
}
export interface FileTreeAnswer {
  path: string;
  children: FileNode[];
}

/** `GET …/file-content?filePath=` (spec 03 §3 "File content response"). */
export interface FileContent {
  success: boolean;
  fileName: string;
  filePath: string;
  size: number;
  mimeType: string;
  isText: boolean;
  encoding: "utf8" | "base64";
  content: string;
  error: string | null;
}

/** `POST …/file-content?filePath=` body. */
export const SaveFileBody = v.object({
  file_content: v.pipe(v.string("file_content must be a string"), v.maxLength(5_242_880, "File is too large to save (max 5 MB)")),
});

/** `GET …/file-diff?filePath&fromCommit=HEAD&toCommit=workingDir&getOriginal=true`. */
export interface FileDiff {
  filePath: string;
  /** HEAD's text; null when the file is new. */
  original: string | null;
  modified: string | null;
  content: string | null;
  existsInHead: boolean;
  existsInWorkingDir: boolean;
}

export type GitFileStatus = "modified" | "added" | "deleted" | "untracked" | "renamed" | "copied";
export interface GitStatus {
  branch: string;
  files: { filePath: string; status: GitFileStatus }[];
  hasChanges: boolean;
  hasRemote: boolean;
}
/** `GET …/git-status` → `{success, status, error}`. */
export interface GitStatusAnswer {
  success: boolean;
  status: GitStatus;
  error: string | null;
}
export interface Commit {
  hash: string;
  message: string;
  author: string;
  date: string;
}
/** `GET …/commits` → `{commits}`; `POST …/commit {message}` → `{hash, message}`; `POST …/checkout {commitHash}` → `{hash}`. */
export const CommitBody = v.object({
  message: v.pipe(
    v.string("Please enter a commit message"),
    v.trim(),
    v.minLength(1, "Please enter a commit message"),
    v.maxLength(5000, "Commit message is too long"),
  ),
});
export const CheckoutBody = v.object({ commitHash: v.pipe(v.string("commitHash is required"), v.regex(/^[0-9a-f]{4,40}$/i, "Invalid commit hash")) });

/** `GET …/config` (spec 03 §7.1). */
export interface ProjectConfig {
  sandbox: { available: boolean; baseUrl: string; status: SandboxStatus | null };
  project: { directoryName: string; directoryPath: string };
  /** What the caller may do here, decided on the server (spec 03 §6). */
  permissions: { canEdit: boolean; canUpload: boolean; canUseTerminal: boolean; canRestart: boolean; canKill: boolean };
}

// ---- Sandbox, services, terminal (spec 03 §7.2) ----

export const SANDBOX_STATUSES = [
  "active",
  "idle",
  "starting",
  "restarting",
  "stopping",
  "stopped",
  "creating",
  "failed",
  "pooling",
  "pooled",
  "destroying",
] as const;
export type SandboxStatus = (typeof SANDBOX_STATUSES)[number];
/** The order in which a user's sandboxes are chosen (spec 03 §7.2); others are ignored. */
export const SANDBOX_PRIORITY: SandboxStatus[] = ["active", "idle", "starting", "restarting", "stopping", "stopped", "creating"];

export interface SandboxInfo {
  sandbox_id: string;
  id: string;
  status: SandboxStatus;
  subdomain: string | null;
  wss_base_url: string | null;
  task_id: string | null;
  created_at: string;
  expires_at: string | null;
}

/** `GET /api/sandbox/domains-health?human_user_id=&workspace={projectId}`. */
export interface ServiceDomain {
  name: string;
  subdomain: string | null;
  port: number;
  status: "available" | "binding" | "error";
  status_code: number | null;
  error: string | null;
  process_info: { uptime_seconds: number; memory_rss_kb: number };
}
export interface DomainsHealth {
  success: boolean;
  data: { sandbox_id: string | null; app_domains: ServiceDomain[]; error_code?: "SANDBOX_UNDER_MAINTENANCE"; status?: SandboxStatus };
  error: string | null;
}

/** `POST /api/sandbox/processes/kill`. */
export const KillBody = v.object({
  ports: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65535))), v.minLength(1, "Choose a port"), v.maxLength(20)),
  force: v.optional(v.boolean(), false),
  human_user_id: v.optional(v.string()),
  workspace: v.pipe(v.string("workspace (the project id) is required"), v.minLength(1), v.maxLength(64)),
});
export interface KillAnswer {
  success: boolean;
  data: { killed_processes: { pid: number; port: number }[]; failed_processes: { pid: number | null; port: number; error: string }[] };
}

/** Terminal frames over `GET /api/coding-projects/{id}/terminal` (WebSocket), as the host speaks them. */
export type TerminalClientFrame =
  | { type: "input"; data: string }
  | { type: "resize"; cols: number; rows: number }
  | { type: "init"; cols: number; rows: number; workspace_path?: string; human_user_id?: string };
export type TerminalServerFrame =
  | { type: "output"; data: string }
  | { type: "status"; status: "connected" | "resized" | "waiting-sandbox" }
  | { type: "session_exit"; exitCode: number | null; message: string; can_reconnect: boolean }
  | { type: "error"; message: string };

export const TERMINAL_LIMITS = { minHeight: 100, maxHeight: 800, defaultHeight: 300, minWidth: 400, maxWidth: 1200, defaultWidth: 600 } as const;
export const AUTOSAVE_MS = 2000;
export const MAX_TABS = 10;
export const READ_ONLY_WARNING_MS = 3000;
export const RESTART_POLL = { startAfterMs: 10_000, everyMs: 5000, timeoutMs: 120_000 } as const;
