import { STREAM_AGENT, STREAM_ASK } from "../../contract";
import type { MirrorItem } from "../rooms/chat-room/mirror";

/** One message as the mirror job carries it: the D1 writes need everything but the sender's name. */
export type MirroredItem = Omit<MirrorItem, "senderName">;

export interface ChatItems<T extends MirroredItem = MirroredItem> {
  chatId: string;
  orgId: string;
  items: T[];
}

const PREVIEW_CHARS = 200;

/** Which counter a message raises for the people who did not send it. */
function counterFor(item: MirroredItem): "agent" | "human" {
  return item.chatType === STREAM_AGENT || item.senderType === "virtual_employee" ? "agent" : "human";
}

/** The newest of some messages: the highest seq, whatever order jobs arrived in. */
export function newest<T extends MirroredItem>(items: T[]): T | null {
  return items.reduce<T | null>((a, m) => (a && a.seq > m.seq ? a : m), null);
}

/** What the messages add to the chats' counters, the senders' `seen`, and ask-only owners' unread. */
export function tally(chats: ChatItems[]) {
  const counters: { chatId: string; agent: number; human: number }[] = [];
  const seen: { chatId: string; userId: string; agent: number; human: number }[] = [];
  const askUnread: { chatId: string; userId: string; n: number }[] = [];
  const latest: { chatId: string; text: string; at: number; seq: number }[] = [];
  for (const { chatId, items } of chats) {
    const total = { chatId, agent: 0, human: 0 };
    const bySender = new Map<string, { chatId: string; userId: string; agent: number; human: number }>();
    const byOwner = new Map<string, { chatId: string; userId: string; n: number }>();
    for (const item of items) {
      if (item.chatType === STREAM_ASK) {
        // Only the owner sees an ask-only stream; their own questions are not news to them.
        if (item.visibleTo && item.senderId !== item.visibleTo) {
          const own = byOwner.get(item.visibleTo) ?? { chatId, userId: item.visibleTo, n: 0 };
          own.n += 1;
          byOwner.set(item.visibleTo, own);
        }
        continue;
      }
      const counter = counterFor(item);
      total[counter] += 1;
      if (item.senderId) {
        const own = bySender.get(item.senderId) ?? { chatId, userId: item.senderId, agent: 0, human: 0 };
        own[counter] += 1;
        bySender.set(item.senderId, own);
      }
    }
    if (total.agent || total.human) counters.push(total);
    seen.push(...bySender.values());
    askUnread.push(...byOwner.values());
    const last = newest(items.filter((m) => m.chatType !== STREAM_ASK));
    if (last) latest.push({ chatId, text: last.content.slice(0, PREVIEW_CHARS), at: last.createdAt, seq: last.seq });
  }
  return { counters, seen, askUnread, latest };
}

/** Rows of a JSON list as a table `t` with the given fields: however long the list, one bound parameter. */
function fromList(fields: string[]): string {
  return `(SELECT ${fields.map((f) => `json_extract(value, '$.${f}') AS ${f}`).join(", ")} FROM json_each(?)) AS t`;
}

/**
 * The D1 writes of a batch of new messages, five statements however many chats and senders: each
 * kind of update takes its rows as one JSON list (UPDATE … FROM), so a batch of fifty rooms never
 * comes near D1's limit on queries per invocation. The slim rows go in with one INSERT the same way.
 * Writes per message stay constant, whatever the number of members: the chat's counter goes up and
 * the sender's `seen` goes up with it, so the sender's own message is never unread for them.
 */
export function mirrorStatements(d1: D1Database, chats: ChatItems[]): D1PreparedStatement[] {
  const slim = chats.flatMap((c) => c.items.map((m) => ({ id: m.id, chatId: c.chatId, seq: m.seq, createdAt: m.createdAt })));
  const { counters, seen, askUnread, latest } = tally(chats);
  const statement = (query: string, list: unknown[]) => d1.prepare(query).bind(JSON.stringify(list));
  const statements = [
    // `WHERE true` tells SQLite the ON CONFLICT belongs to the INSERT, not to a join.
    statement(
      `INSERT INTO message_mirror (id, chat_id, seq, created_at) SELECT id, chatId, seq, createdAt FROM ${fromList(["id", "chatId", "seq", "createdAt"])} WHERE true
       ON CONFLICT (id) DO NOTHING`,
      slim,
    ),
  ];
  if (counters.length) {
    statements.push(
      statement(
        `UPDATE chat SET agent_count = agent_count + t.agent, human_count = human_count + t.human FROM ${fromList(["chatId", "agent", "human"])} WHERE chat.id = t.chatId`,
        counters,
      ),
    );
  }
  if (seen.length) {
    statements.push(
      statement(
        `UPDATE chat_participant SET seen_agent = seen_agent + t.agent, seen_human = seen_human + t.human FROM ${fromList(["chatId", "userId", "agent", "human"])}
         WHERE chat_participant.chat_id = t.chatId AND chat_participant.participant_id = t.userId`,
        seen,
      ),
    );
  }
  if (askUnread.length) {
    statements.push(
      statement(
        `UPDATE chat_participant SET ask_unread = ask_unread + t.n FROM ${fromList(["chatId", "userId", "n"])}
         WHERE chat_participant.chat_id = t.chatId AND chat_participant.participant_id = t.userId`,
        askUnread,
      ),
    );
  }
  if (latest.length) {
    // An older job arriving late never replaces a newer last message.
    statements.push(
      statement(
        `UPDATE chat SET last_message_text = t.text, last_message_at = t.at, last_message_seq = t.seq FROM ${fromList(["chatId", "text", "at", "seq"])}
         WHERE chat.id = t.chatId AND chat.last_message_seq < t.seq`,
        latest,
      ),
    );
  }
  return statements;
}
