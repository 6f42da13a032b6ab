import type { Env } from "../env";
import type { Db } from "../db/client";
import { restartTarget } from "../workspace/sandbox-lifecycle";
import { findOwnSandbox, type SandboxRow } from "../workspace/sandbox-state";
import { ApiError } from "./envelope";

export const SANDBOX_NOT_FOUND = "Sandbox not found";
/** The web's restart button recognises this text to show its own "no sandbox" message. */
export const NO_SANDBOX = "No active sandbox found for this user";

/** The caller's own sandbox, or 404: another user's sandbox answers exactly like a missing one. */
export async function requireOwnSandbox(db: Db, userId: string, id: string): Promise<SandboxRow> {
  const row = await findOwnSandbox(db, userId, id);
  if (!row) throw new ApiError(404, SANDBOX_NOT_FOUND);
  return row;
}

/** The sandbox a restart of `userId`'s VM acts on, or 404 when the user has none to restart. */
export async function requireRestartTarget(env: Env, userId: string): Promise<SandboxRow> {
  const row = await restartTarget(env, userId);
  if (!row) throw new ApiError(404, NO_SANDBOX);
  return row;
}
