import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Env } from "../env";
import { ApiError } from "./envelope";

/** Spec 03 §9: sandbox calls time out after 10 s by default. */
const SANDBOX_TIMEOUT_MS = 10_000;

/** Where the sandbox host is, or a 503 that names the missing setting. */
export function sandboxBase(env: Env): { url: string; secret: string } {
  if (!env.SANDBOX_URL || !env.SANDBOX_SECRET) throw new ApiError(503, "Sandbox not available: SANDBOX_URL and SANDBOX_SECRET are not configured");
  return { url: env.SANDBOX_URL.replace(/\/+$/, ""), secret: env.SANDBOX_SECRET };
}

/** The host's path of one workspace: `/workspaces/{ownerId}/{projectId}`. */
export function workspacePath(ownerId: string, projectId: string): string {
  return `/workspaces/${encodeURIComponent(ownerId)}/${encodeURIComponent(projectId)}`;
}

/**
 * A call to the sandbox host with the shared secret. The host's own answer (status and body) is
 * returned untouched; only "cannot reach it" becomes a 503, so callers can tell the two apart.
 */
export async function sandboxFetch(env: Env, path: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Response> {
  const { url, secret } = sandboxBase(env);
  const headers = new Headers(init.headers);
  headers.set("authorization", `Bearer ${secret}`);
  try {
    return await fetch(`${url}${path}`, { ...init, headers, signal: init.signal ?? AbortSignal.timeout(init.timeoutMs ?? SANDBOX_TIMEOUT_MS) });
  } catch (err) {
    const reason = err instanceof Error && err.name === "TimeoutError" ? "Request timeout" : "Sandbox not available";
    throw new ApiError(503, reason);
  }
}

/** JSON from the host; its `{ok: false, error}` answers become an ApiError with the host's status and text. */
export async function sandboxJson<T>(env: Env, path: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<T> {
  const res = await sandboxFetch(env, path, init);
  const body = (await res.json().catch(() => null)) as ({ ok?: boolean; error?: string } & T) | null;
  if (!res.ok || !body || body.ok === false)
    throw new ApiError((res.status >= 500 ? 502 : res.status) as ContentfulStatusCode, body?.error ?? `Sandbox error (HTTP ${res.status})`);
  return body;
}
