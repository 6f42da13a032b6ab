import { and, eq, sql } from "drizzle-orm";
import { MarkReadBody, type MarkReadAnswer } from "../../contract";
import { getDb } from "../db/client";
import { chat, chatParticipant } from "../db/schema";
import { unreadOf } from "../db/unread";
import { newApp } from "../lib/app";
import { requireChatMember } from "../lib/chat-access";
import { ok } from "../lib/envelope";
import { requireUser } from "../lib/session";
import { json } from "../lib/validate";

/** `/api/unread-messages/mark-read`: zeroes the agent part (default) or the human part (spec 01 §4). */
export const unreadApi = newApp()
  .use(requireUser)
  .post("/mark-read", json(MarkReadBody), async (c) => {
    const { chatId, is_agent_msg } = c.req.valid("json");
    const db = getDb(c.env.DB);
    const userId = c.get("user").id;
    const { chat: row } = await requireChatMember(db, userId, chatId);
    const now = new Date();
    // Reading catches `seen` up with the chat's counters as they are now.
    const [me] = await db
      .update(chatParticipant)
      .set(
        is_agent_msg === 1
          ? { seenAgent: sql`(SELECT ${chat.agentCount} FROM ${chat} WHERE ${chat.id} = ${chatId})`, askUnread: 0, lastReadAt: now }
          : { seenHuman: sql`(SELECT ${chat.humanCount} FROM ${chat} WHERE ${chat.id} = ${chatId})`, lastReadAt: now },
      )
      .where(and(eq(chatParticipant.chatId, chatId), eq(chatParticipant.participantId, userId)))
      .returning();
    const [counts] = await db.select({ human: chat.humanCount, agent: chat.agentCount }).from(chat).where(eq(chat.id, row.id));
    return ok<MarkReadAnswer>(c, { unread: unreadOf(counts ?? { human: 0, agent: 0 }, me!) });
  });
