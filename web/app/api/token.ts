/**
 * The bearer token better-auth hands out on sign-in. The session also lives in an HttpOnly
 * cookie; the token is sent too so the app keeps working where third-party cookies are blocked
 * (the app can be embedded in an iframe).
 */
export const BEARER_TOKEN_KEY = "bearer_token";

export function readBearerToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(BEARER_TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

export function saveBearerToken(token: string | null | undefined): void {
  if (!token) return;
  try {
    globalThis.localStorage?.setItem(BEARER_TOKEN_KEY, token);
  } catch {
    // Blocked storage: the cookie still carries the session.
  }
}

export function clearBearerToken(): void {
  try {
    globalThis.localStorage?.removeItem(BEARER_TOKEN_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
