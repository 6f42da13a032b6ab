/**
 * When the app asks for the user's sandbox after sign-in (spec 03 §2, §4 "Login and sandbox"): never with
 * `isOpenWs=true` in the address (a page opened to work in an already running workspace), and not again
 * while an earlier request from any tab of this browser is under 30 s old (the in-progress marker). The
 * marker lives in localStorage so a reload or a second tab does not ask the host twice; without storage,
 * the page's own memory still asks only once.
 */

export const SANDBOX_MARKER_MS = 30_000;
const KEY = (userId: string) => `teamchat.sandboxInit.${userId}`;

/** Users this page already asked for, whatever storage allows. */
const askedHere = new Set<string>();

function readMarker(userId: string): number | null {
  try {
    const at = Number(localStorage.getItem(KEY(userId)));
    return Number.isFinite(at) && at > 0 ? at : null;
  } catch {
    return null;
  }
}

function writeMarker(userId: string, at: number | null): void {
  try {
    if (at === null) localStorage.removeItem(KEY(userId));
    else localStorage.setItem(KEY(userId), String(at));
  } catch {
    // No storage (private mode, quota): the page's own set still keeps it to one request.
  }
}

/** Whether the address says the workspace is already open, so sandbox initialisation is skipped. */
export function skipsSandboxInit(search: string): boolean {
  return new URLSearchParams(search).get("isOpenWs") === "true";
}

/**
 * Asks for the sandbox unless skipped or already under way; returns whether it asked. The marker is
 * cleared when the request settles, so a failure can be retried on the next arrival.
 */
export function warmSandboxOnce(userId: string, search: string, warm: () => Promise<unknown>, now = Date.now()): boolean {
  if (skipsSandboxInit(search) || askedHere.has(userId)) return false;
  const marker = readMarker(userId);
  if (marker !== null && now - marker < SANDBOX_MARKER_MS && marker <= now) return false;
  askedHere.add(userId);
  writeMarker(userId, now);
  warm()
    .catch(() => undefined) // non-fatal to the app (spec 03 §4)
    .finally(() => writeMarker(userId, null));
  return true;
}

/** For tests: forget what this page asked. */
export function resetSandboxWarmup(): void {
  askedHere.clear();
}
