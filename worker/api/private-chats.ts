import { PrivateChatBody, type PrivateChatAnswer } from "../../contract";
import { startPrivateChat } from "../chats/private-chat";
import { getDb } from "../db/client";
import { newApp } from "../lib/app";
import { ok } from "../lib/envelope";
import { requireCurrentMembership } from "../lib/org-access";
import { privateChatError } from "../lib/refusals";
import { requireUser } from "../lib/session";
import { json } from "../lib/validate";

/** `/api/private-chats`: opens (or finds) my two-person chat with a colleague or one of my VIREs. */
export const privateChatsApi = newApp()
  .use(requireUser)
  .post("/", json(PrivateChatBody), async (c) => {
    const body = c.req.valid("json");
    const db = getDb(c.env.DB);
    const me = c.get("user");
    const membership = await requireCurrentMembership(db, me);
    const opened = await startPrivateChat(c.env, db, me, membership.org.id, body);
    if (!opened.ok) throw privateChatError(opened);
    return ok<PrivateChatAnswer>(c, { chatId: opened.row.id, existing: opened.existing, name: opened.name });
  });
