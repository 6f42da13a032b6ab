import type { PermissionRequestContent, RequestOutcome, StatusUpdateContent } from "../../../../../contract";

function parseObject(text: string): Record<string, unknown> | null {
  if (!text || text.trimStart()[0] !== "{") return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The permission-request card's content (spec 02 §3). Recognised by its content rather than its
 * messageType, which the protocol leaves open; a cheap text test skips ordinary messages.
 */
export function parsePermissionRequest(text: string): PermissionRequestContent | null {
  if (!text.includes("presenter_request")) return null;
  const value = parseObject(text);
  if (!value || value.type !== "presenter_request" || !Array.isArray(value.actions)) return null;
  return { ...(value as unknown as PermissionRequestContent), actionRecord: (value.actionRecord as PermissionRequestContent["actionRecord"]) ?? null };
}

/** The request a card is about (every action carries the same request). */
export function cardRequest(card: PermissionRequestContent): { requestId: string; chatId: string } | null {
  const payload = card.actions[0]?.payload;
  return payload?.requestId && payload.chatId ? { requestId: payload.requestId, chatId: payload.chatId } : null;
}

export type CardOutcome = "approve" | "reject" | "ignore";

/** Spec 02 §4: server outcomes approve, revoke and ignore read as approve, reject and ignore. */
export function cardOutcome(status: RequestOutcome | undefined): CardOutcome | null {
  if (status === "approve") return "approve";
  if (status === "revoke") return "reject";
  if (status === "ignore") return "ignore";
  return null;
}

/** Spec 02 §4: the operator is 'System' for ignore and 'Group Owner' otherwise. */
export function operatorOf(outcome: CardOutcome): "System" | "Group Owner" {
  return outcome === "ignore" ? "System" : "Group Owner";
}

const LABELS: Record<CardOutcome, string> = { approve: "Approved", reject: "Rejected", ignore: "Ignored" };

/** The card as completed with `outcome` (from the batch status check or the owner's own click). */
export function completeCard(card: PermissionRequestContent, outcome: CardOutcome, timestamp: string): PermissionRequestContent {
  return {
    ...card,
    actionStatus: "completed",
    actionRecord: { actionType: outcome, actionLabel: LABELS[outcome], operatorName: operatorOf(outcome), timestamp },
  };
}

/** The card to show: the stored content, completed by a known server outcome when it still says pending. */
export function displayedCard(card: PermissionRequestContent, status: RequestOutcome | undefined): PermissionRequestContent {
  if (card.actionStatus === "completed") return card;
  const outcome = cardOutcome(status);
  return outcome ? completeCard(card, outcome, "") : card;
}

/** A status_update's content (spec 02 §3 "Status update context"); null for plain text. */
export function parseStatusUpdate(text: string): StatusUpdateContent | null {
  const value = parseObject(text);
  if (!value || typeof value.update_type !== "string") return null;
  const content = value.content as StatusUpdateContent["content"] | undefined;
  if (!content || typeof content !== "object" || typeof content.display_to_user !== "string") return null;
  return value as unknown as StatusUpdateContent;
}
