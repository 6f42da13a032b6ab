import type { InboxFrame } from "../../../contract";

export const INBOX_PATH = "/api/inbox/ws";

/**
 * The inbox socket address for a page location. Browsers cannot set headers on a WebSocket, so the
 * bearer token (when the app has one) travels as `?token=`; the cookie covers everyone else.
 */
export function inboxUrl(location: Pick<Location, "protocol" | "host">, token: string | null): string {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  return `${scheme}://${location.host}${INBOX_PATH}${query}`;
}

const FRAME_TYPES = new Set<InboxFrame["type"]>([
  "group_add",
  "group_remove",
  "member_add",
  "member_remove",
  "chat_updated",
  "has_unread_msg",
  "refresh_organizations",
  "pong",
]);

/** Parses one socket message; anything that is not a known inbox frame is dropped. */
export function parseInboxFrame(data: unknown): InboxFrame | null {
  if (typeof data !== "string") return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const type = (value as { type?: unknown }).type;
  if (typeof type !== "string" || !FRAME_TYPES.has(type as InboxFrame["type"])) return null;
  const frame = value as Record<string, unknown>;
  if (type === "group_add") return frame.chat && typeof frame.chat === "object" ? (value as InboxFrame) : null;
  if (type !== "refresh_organizations" && type !== "pong" && typeof frame.chatId !== "string") return null;
  return value as InboxFrame;
}
