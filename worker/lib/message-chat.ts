import { eq } from "drizzle-orm";
import * as v from "valibot";
import type { Context } from "hono";
import { Id } from "../../contract";
import { getDb } from "../db/client";
import { messageMirror } from "../db/schema";
import type { AppEnv } from "./app";
import { requireChatMember, type ChatAccess } from "./chat-access";
import { ApiError } from "./envelope";
import { parseWith, queryOf } from "./validate";

const ChatQuery = v.object({ chatId: v.optional(Id) });

/**
 * The chat a message belongs to: the client names it (`?chatId=`) because the mirror is filled
 * asynchronously; without it D1's slim mirror row is asked. That row stays in D1 (rather than
 * asking the search shards) because it is needed there anyway, to count each message's unread
 * once, and because a shard is found by organization, which a bare message id does not tell.
 * Either way the caller must be a member.
 */
export async function chatOfMessage(c: Context<AppEnv>, fromBody?: string): Promise<{ messageId: string; access: ChatAccess }> {
  const messageId = parseWith(Id, c.req.param("id"));
  const db = getDb(c.env.DB);
  let chatId = fromBody ?? queryOf(c, ChatQuery).chatId;
  if (!chatId) {
    const [row] = await db.select({ chatId: messageMirror.chatId }).from(messageMirror).where(eq(messageMirror.id, messageId)).limit(1);
    chatId = row?.chatId;
  }
  if (!chatId) throw new ApiError(404, "Message not found");
  return { messageId, access: await requireChatMember(db, c.get("user").id, chatId) };
}
