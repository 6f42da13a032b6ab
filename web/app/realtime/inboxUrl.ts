import { socketUrl } from "../api/socketUrl";

export const INBOX_PATH = "/api/inbox/ws";

/**
 * The inbox socket address for a page location. Browsers cannot set headers on a WebSocket, so the
 * bearer token (when the app has one) travels as `?token=`; the cookie covers everyone else.
 */
export function inboxUrl(location: Pick<Location, "protocol" | "host">, token: string | null): string {
  return socketUrl(location, INBOX_PATH, { token });
}
