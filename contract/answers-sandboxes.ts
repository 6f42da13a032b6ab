import type { SandboxInfo, SandboxStatus } from "./workspace";

/**
 * Answers of the sandbox routes (spec 03 §7.2): the caller's sandbox records and preparing one.
 */

/** SandboxInfo plus why it failed, so a failed sandbox is not a mystery. */
export interface SandboxDetail extends SandboxInfo {
  last_error: string | null;
}

/** `GET /api/sandboxes` and `GET /api/coding-projects/{id}/sandboxes`: every record and the one in use. */
export interface SandboxListAnswer {
  sandboxes: SandboxDetail[];
  current: SandboxDetail | null;
}

/** `POST /api/sandboxes` → `{success, data: {task_id, sandbox_id, status, subdomain, created}, error}`. */
export interface CreateSandboxAnswer {
  success: true;
  data: { task_id: string | null; sandbox_id: string; status: SandboxDetail["status"]; subdomain: string | null; created: boolean };
  error: null;
}

/** `POST /api/sandbox` (agent server prepare) → `{success, data: {subdomain, sandbox_id, status}, error}`. */
export interface PrepareAnswer {
  success: true;
  data: { subdomain: string | null; sandbox_id: string; status: SandboxStatus };
  error: null;
}
