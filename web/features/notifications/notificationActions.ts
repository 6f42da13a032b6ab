import {
  NOTIFICATION_ACTION_STATUSES,
  type NotificationAction,
  type NotificationActionAnswer,
  type NotificationActionStatus,
  type SystemNotification,
} from "../../../contract";
import { request } from "../../app/api/client";

/**
 * The endpoint as a same-origin `/api/` path, or null. The endpoint comes from a message, so a
 * crafted one must never make the browser send the user's session (or anything) elsewhere.
 */
export function safeEndpoint(endpoint: string, origin: string): string | null {
  if (!endpoint.startsWith("/api/") || endpoint.includes("\\")) return null;
  let url: URL;
  try {
    url = new URL(endpoint, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin || !url.pathname.startsWith("/api/")) return null;
  // A dot segment would leave /api/ once normalised.
  if (url.pathname.split("/").some((seg) => seg === ".." || seg === ".")) return null;
  return `${url.pathname}${url.search}`;
}

/** What the answer's systemNotificationData says happened, if it names a known outcome. */
function outcomeOf(answer: unknown): NotificationActionStatus | null {
  const data = (answer as { systemNotificationData?: { action?: unknown } } | null)?.systemNotificationData;
  const action = data?.action;
  return typeof action === "string" && (NOTIFICATION_ACTION_STATUSES as readonly string[]).includes(action) ? (action as NotificationActionStatus) : null;
}

function fallbackOutcome(action: NotificationAction): NotificationActionStatus {
  if (action.method === "DELETE" || action.type === "reject") return "rejected";
  if (action.type === "approve" || action.type === "accept") return "approved";
  return "completed";
}

export interface ActionDeps {
  origin: string;
  /** Asks for the optional rejection reason; null means the user cancelled. */
  prompt: (message: string) => string | null;
  /** The prompt's text in the user's language ('Enter rejection reason (optional):'). */
  rejectionPrompt: string;
}

export type ActionResult =
  | { kind: "done"; status: NotificationActionStatus; notification: SystemNotification | null; systemNotificationData: Record<string, unknown> | null }
  | { kind: "cancelled" }
  | { kind: "refused" };

/**
 * Presses one action button (spec 03 §7.5): the method (default POST) on the message's endpoint
 * with its JSON payload; a DELETE first asks for a reason and sends it as responseMessage. The
 * outcome is then recorded on the notification so every tab shows it.
 */
export async function runNotificationAction(notification: SystemNotification, action: NotificationAction, deps: ActionDeps): Promise<ActionResult> {
  const endpoint = safeEndpoint(action.apiEndpoint, deps.origin);
  if (!endpoint) return { kind: "refused" };
  const method = action.method ?? "POST";
  let payload: Record<string, unknown> = { ...(action.payload ?? {}) };
  let responseMessage: string | undefined;
  if (method === "DELETE") {
    const reason = deps.prompt(deps.rejectionPrompt);
    if (reason === null) return { kind: "cancelled" };
    responseMessage = reason.trim();
    payload = { ...payload, responseMessage };
  }
  const answer = await request<unknown>(endpoint, method === "GET" ? { method } : { method, data: payload });
  const status = outcomeOf(answer) ?? fallbackOutcome(action);
  const snd = (answer as { systemNotificationData?: Record<string, unknown> } | null)?.systemNotificationData ?? null;
  const recorded = await request<NotificationActionAnswer>(`/api/notifications/${encodeURIComponent(notification.id)}/action`, {
    method: "POST",
    data: { status, actionLabel: action.label.slice(0, 100), ...(responseMessage ? { responseMessage: responseMessage.slice(0, 500) } : {}) },
    silent: true,
  }).catch(() => null);
  return { kind: "done", status, notification: recorded?.notification ?? null, systemNotificationData: snd };
}
