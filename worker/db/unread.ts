import type { UnreadCounts } from "../../contract";
import type { chatParticipant } from "./schema";

type Counts = { human: number; agent: number };
type Seen = Pick<typeof chatParticipant.$inferSelect, "seenHuman" | "seenAgent" | "askUnread" | "lastReadAt">;

/** Unread = what the chat has counted minus what this participant has seen (never below zero). */
export function unreadOf(counts: Counts, p: Seen): UnreadCounts {
  const human = Math.max(0, counts.human - p.seenHuman);
  const agent = Math.max(0, counts.agent - p.seenAgent) + p.askUnread;
  return { total: human + agent, agent, human, lastReadAt: p.lastReadAt?.toISOString() ?? null };
}
