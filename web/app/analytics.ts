import type { PageEventInput } from "../../contract";
import { readBearerToken } from "./api/token";

/**
 * Page analytics (spec 01 §7): a page_view on each route, a page_leave with the visible time when the
 * route changes or the tab is hidden or closed. Loaded when the browser is idle, never by the first page.
 */
const ENDPOINT = "/api/analytics/page-view";

interface Shown {
  path: string;
  /** When the page last became visible; null while it is hidden (and its leave already sent). */
  visibleSince: number | null;
}

let shown: Shown | null = null;
let listening = false;

/** page_view by fetch with the bearer token too (the cookie may be blocked in a frame); errors are nobody's business. */
function sendView(event: PageEventInput): void {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  const token = readBearerToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  fetch(ENDPOINT, { method: "POST", headers, body: JSON.stringify(event), credentials: "same-origin", keepalive: true }).catch(() => undefined);
}

/** A beacon outlives the page; a string goes as text/plain, which every browser allows in a beacon. */
function sendLeave(event: PageEventInput): void {
  const body = JSON.stringify(event);
  if (navigator.sendBeacon?.(ENDPOINT, body)) return;
  fetch(ENDPOINT, { method: "POST", headers: { "Content-Type": "text/plain" }, body, credentials: "same-origin", keepalive: true }).catch(() => undefined);
}

function leave(): void {
  if (!shown || shown.visibleSince === null) return;
  sendLeave({ event: "page_leave", path: shown.path, duration: Math.round(performance.now() - shown.visibleSince), timestamp: Date.now() });
  shown.visibleSince = null;
}

function onVisibility(): void {
  if (document.visibilityState === "hidden") leave();
  else if (shown && shown.visibleSince === null) shown.visibleSince = performance.now();
}

/** Called with each route's path; the same path again (a query change) is the same page. */
export function trackPage(path: string): void {
  if (!listening) {
    listening = true;
    addEventListener("pagehide", leave);
    document.addEventListener("visibilitychange", onVisibility);
  }
  if (shown?.path === path) return;
  const referrer = shown ? shown.path : document.referrer || null;
  leave();
  shown = { path, visibleSince: document.visibilityState === "hidden" ? null : performance.now() };
  sendView({ event: "page_view", path, referrer, timestamp: Date.now() });
}
