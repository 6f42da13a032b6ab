import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Env } from "../env";
import { ApiError } from "../lib/envelope";
import { sandboxFetch, sandboxJson, workspacePath } from "../lib/sandbox-client";

/** The part of a project that addresses its workspace on the sandbox host. */
export interface WorkspaceRef {
  id: string;
  ownerId: string;
}

type HostInit = RequestInit & { timeoutMs?: number };

export function hostPath(p: WorkspaceRef, sub: string, query: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, v);
  const qs = params.toString();
  return `${workspacePath(p.ownerId, p.id)}${sub ? `/${sub}` : ""}${qs ? `?${qs}` : ""}`;
}

/** JSON from the project's workspace; the host's refusals keep their status and text. */
export function hostJson<T>(env: Env, p: WorkspaceRef, sub: string, query: Record<string, string | undefined> = {}, init: HostInit = {}): Promise<T> {
  return sandboxJson<T>(env, hostPath(p, sub, query), init);
}

export function jsonInit(method: string, body: unknown, timeoutMs?: number): HostInit {
  return { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body), timeoutMs };
}

/**
 * A streamed answer of the host (downloads, raw files, uploads). Only waiting for the headers is
 * bounded: a large archive may take longer than any fixed timeout to stream through.
 */
export async function hostStream(
  env: Env,
  p: WorkspaceRef,
  sub: string,
  query: Record<string, string | undefined>,
  init: RequestInit = {},
  headersTimeoutMs = 30_000,
): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException("timed out", "TimeoutError")), headersTimeoutMs);
  let res: Response;
  try {
    res = await sandboxFetch(env, hostPath(p, sub, query), { ...init, signal: controller.signal });
  } finally {
    clearTimeout(timer);
  }
  if (res.ok) return res;
  const body = (await res.json().catch(() => null)) as { error?: string } | null;
  throw new ApiError((res.status >= 500 ? 502 : res.status) as ContentfulStatusCode, body?.error ?? `Sandbox error (HTTP ${res.status})`);
}

/** Copies the named headers of the host's answer, when present. */
export function pickHeaders(from: Headers, names: string[]): Headers {
  const out = new Headers();
  for (const name of names) {
    const value = from.get(name);
    if (value !== null) out.set(name, value);
  }
  return out;
}
