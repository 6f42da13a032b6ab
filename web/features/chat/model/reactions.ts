import type { ReactionSummary } from "../../../../contract";
import type { Translate } from "./attachments";

/** Re-read the reactions this long after a toggle (spec 02 §9). */
export const REACTION_REREAD_MS = 1000;

/**
 * The chip tooltip: up to 3 names ('Ann, Bob and Cy'), beyond that two names and 'N others'
 * ('Ann, Bob and 3 others').
 */
export function reactionTooltip(names: readonly string[], t: Translate): string {
  const list = names.filter((n) => n.trim() !== "");
  if (list.length === 0) return "";
  if (list.length === 1) return list[0]!;
  if (list.length <= 3) return t("chat.reactions.namesAnd", { names: list.slice(0, -1).join(", "), last: list[list.length - 1] });
  return t("chat.reactions.namesOthers", { names: list.slice(0, 2).join(", "), count: list.length - 2 });
}

export function reactionNames(reaction: ReactionSummary, anonymousName: string): string[] {
  return reaction.users.map((u) => (u.isAnonymous ? anonymousName : u.name));
}

export function myReaction(reactions: readonly ReactionSummary[], userId: string): string | null {
  return reactions.find((r) => r.users.some((u) => u.id === userId))?.emoji ?? null;
}
