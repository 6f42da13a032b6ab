import type { QueryParams } from "./client";

/**
 * `ws(s)://{host}{path}?{query}`: a socket goes to the host that served the page, encrypted when
 * the page is. Browsers cannot set headers on a WebSocket, so the bearer token (when the app has
 * one) travels in the query; empty values are left out.
 */
export function socketUrl(location: Pick<Location, "protocol" | "host">, path: string, query: QueryParams = {}): string {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return `${scheme}//${location.host}${path}${text ? `?${text}` : ""}`;
}
