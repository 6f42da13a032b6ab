import type { ApprovalRequest } from "../../../../../contract";

/** What this viewer did with an approval card: answered it (awaiting the room) or closed it. */
export interface ApprovalCardState {
  /** The decision this tab sent; the buttons stay disabled once it is set (a decision is final). */
  answered: boolean | null;
  /** Hidden: dismissed by typing other text, or decided and shown long enough. */
  closed: boolean;
}

export const OPEN_CARD: ApprovalCardState = { answered: null, closed: false };

export function isDecided(request: ApprovalRequest): boolean {
  return request.approved !== null || request.outcome !== null;
}

/** The outcome to show on a decided card. */
export function outcomeOf(request: ApprovalRequest): "approved" | "rejected" | "expired" {
  return request.outcome ?? (request.approved ? "approved" : "rejected");
}

/**
 * The card this viewer sees: the oldest request addressed to them that is not closed. Everyone
 * else sees only the tool card's 'awaiting approval' (spec 03 §6: presenter, else owner).
 */
export function visibleApproval(approvals: Record<string, ApprovalRequest>, cards: Record<string, ApprovalCardState>, meId: string): ApprovalRequest | null {
  let shown: ApprovalRequest | null = null;
  for (const request of Object.values(approvals)) {
    if (request.targetUserId !== meId || cards[request.messageId]?.closed) continue;
    if (!shown || request.timestamp < shown.timestamp) shown = request;
  }
  return shown;
}

const YES = new Set(["yes", "是"]);
const NO = new Set(["no", "否"]);

/** Composer text that answers the card: exactly yes or no (any case, trimmed), or 是 / 否; null for anything else. */
export function typedAnswer(text: string): boolean | null {
  const word = text.trim().toLowerCase();
  if (YES.has(word)) return true;
  if (NO.has(word)) return false;
  return null;
}
