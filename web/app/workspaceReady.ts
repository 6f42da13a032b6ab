import useSWR from "swr";
import type { ProjectConfig, SandboxStatus } from "../../contract";
import { silentFetcher } from "./api/swr";

/**
 * Whether a coding project's workspace (the sandbox its agent works in) is up, for the chat
 * composer (spec 02 §2.7: 'Virtual machine is being created...' while it is not). It reads the
 * project's config, the same SWR entry the workspace loads, so both see one answer.
 */

export type WorkspaceNotReadyReason = "creating" | "restarting" | "down";
export interface WorkspaceReadiness {
  ready: boolean;
  reason: WorkspaceNotReadyReason | null;
}

/** `GET /api/coding-projects/{id}/config` as an SWR key (spec 03 §7.1). */
export const projectConfigKey = (projectId: string) =>
  [`/api/coding-projects/${encodeURIComponent(projectId)}/config`, { use_internal_domain: false }] as const;

const READY: WorkspaceReadiness = { ready: true, reason: null };
/** One object per answer, so a caller can compare results or use them as effect dependencies. */
const NOT_READY: Record<WorkspaceNotReadyReason, WorkspaceReadiness> = {
  creating: { ready: false, reason: "creating" },
  restarting: { ready: false, reason: "restarting" },
  down: { ready: false, reason: "down" },
};
const REASONS: Partial<Record<SandboxStatus, WorkspaceNotReadyReason>> = {
  creating: "creating",
  starting: "creating",
  pooling: "creating",
  pooled: "creating",
  restarting: "restarting",
  stopping: "restarting",
  stopped: "down",
  failed: "down",
  destroying: "down",
};

/**
 * The readiness a config shows. Unknown (still loading, or the config call failed) counts as
 * ready: the composer must not flicker or lock on a slow answer, and the server still refuses a
 * request it cannot run with its own message.
 */
export function workspaceReadiness(config: Pick<ProjectConfig, "sandbox"> | null | undefined): WorkspaceReadiness {
  if (!config?.sandbox) return READY;
  const { status, available } = config.sandbox;
  const reason = status ? REASONS[status] : undefined;
  if (reason) return NOT_READY[reason];
  if (available) return READY;
  // No sandbox record yet: the one prepared after sign-in is still on its way.
  return NOT_READY[status ? "down" : "creating"];
}

/** While the workspace is not ready it is asked again every 5 s (the spec's sandbox poll), else every minute. */
export const READINESS_POLL = { notReadyMs: 5000, readyMs: 60_000 } as const;

/** The readiness of a project's workspace; always ready for a chat without a project. */
export function useWorkspaceReady(projectId: string | null | undefined): WorkspaceReadiness {
  const { data } = useSWR<ProjectConfig>(projectId ? projectConfigKey(projectId) : null, silentFetcher, {
    refreshInterval: (latest) => (workspaceReadiness(latest).ready ? READINESS_POLL.readyMs : READINESS_POLL.notReadyMs),
  });
  return projectId ? workspaceReadiness(data) : READY;
}
