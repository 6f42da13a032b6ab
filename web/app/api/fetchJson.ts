import { samePrefix } from "../../i18n/language";
import { clientHooks } from "./client";
import { apiHeaders, readJson, serverMessage } from "./headers";
import { clearBearerToken } from "./token";

/** Raised (as the error message) when the server demands a fresh sign-in (spec 01 §7). */
export const REQUIRE_REAUTH = "REQUIRE_REAUTH";

function demandsReauth(payload: unknown): boolean {
  if (!payload || typeof payload !== "object") return false;
  const body = payload as Record<string, unknown>;
  return body.requireReauth === true || body.code === REQUIRE_REAUTH || body.error === REQUIRE_REAUTH;
}

/** Signs out locally and on the server, then sends the user to the sign-in page. */
async function forceReauth(): Promise<void> {
  clearBearerToken();
  try {
    await fetch("/api/auth/sign-out", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}", credentials: "include" });
  } catch {
    // The local sign-out above is what matters; the server session ends on its own.
  }
  const hooks = clientHooks();
  hooks.onSessionEnded();
  const pathname = typeof window === "undefined" ? "/" : window.location.pathname;
  hooks.navigate(samePrefix(pathname, "/auth/signin"));
}

/**
 * The same-origin fetch helper for routes that answer plain JSON (no envelope): throws the
 * server's error text, or 'HTTP {status}' when there is none.
 */
export async function fetchJson<T>(input: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(apiHeaders(typeof init.body === "string"));
  new Headers(init.headers).forEach((value, key) => headers.set(key, value));
  const response = await fetch(input, { ...init, headers, credentials: "include" });
  const payload = await readJson(response);
  if (demandsReauth(payload)) {
    await forceReauth();
    throw new Error(REQUIRE_REAUTH);
  }
  if (!response.ok) throw new Error(serverMessage(payload) ?? `HTTP ${response.status}`);
  return payload as T;
}
