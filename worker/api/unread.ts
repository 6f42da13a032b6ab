import { and, eq } from "drizzle-orm";
import { MarkReadBody, type UnreadCounts } from "../../contract";
import { getDb } from "../db/client";
import { chatParticipant } from "../db/schema";
import { newApp } from "../lib/app";
import { requireChatMember } from "../lib/chat-access";
import { ok } from "../lib/envelope";
import { requireUser } from "../lib/session";
import { jsonBody } from "../lib/validate";

/** `/api/unread-messages/mark-read`: zeroes the agent part (default) or the human part (spec 01 §4). */
export const unreadApi = newApp()
  .use(requireUser)
  .post("/mark-read", async (c) => {
    const { chatId, is_agent_msg } = await jsonBody(c, MarkReadBody);
    const db = getDb(c.env.DB);
    const userId = c.get("user").id;
    await requireChatMember(db, userId, chatId);
    const now = new Date();
    const [row] = await db
      .update(chatParticipant)
      .set(is_agent_msg === 1 ? { unreadAgent: 0, lastReadAt: now } : { unreadHuman: 0, lastReadAt: now })
      .where(and(eq(chatParticipant.chatId, chatId), eq(chatParticipant.participantId, userId)))
      .returning();
    const unread: UnreadCounts = {
      total: (row?.unreadAgent ?? 0) + (row?.unreadHuman ?? 0),
      agent: row?.unreadAgent ?? 0,
      human: row?.unreadHuman ?? 0,
      lastReadAt: now.toISOString(),
    };
    return ok(c, { unread });
  });
