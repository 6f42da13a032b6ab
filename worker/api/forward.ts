import { ForwardBody, STREAM_AGENT, STREAM_DISCUSS, type ForwardAnswer } from "../../contract";
import { getDb } from "../db/client";
import { vireIdsOwnedBy } from "../db/chats";
import { newApp } from "../lib/app";
import { requireChatMember } from "../lib/chat-access";
import { ApiError, ok } from "../lib/envelope";
import { newId } from "../lib/ids";
import { mergedForwardContent } from "../lib/merged-forward";
import { requireCurrentMembership } from "../lib/org-access";
import { requireUser } from "../lib/session";
import { json } from "../lib/validate";
import { roomStub } from "../rooms/stubs";
import { openPrivateChat, privateChatTarget } from "../chats/private-chat";
import { privateChatError } from "../lib/refusals";

/** `/api/forward-messages`: one merged_forward message per recipient chat (spec 02 §2.14). */
export const forwardApi = newApp()
  .use(requireUser)
  .post("/", json(ForwardBody), async (c) => {
    const body = c.req.valid("json");
    if (!body.sourceChatId) throw new ApiError(400, "Chat ID not found, cannot forward message");
    const db = getDb(c.env.DB);
    const me = c.get("user");
    await requireChatMember(db, me.id, body.sourceChatId);
    const messages = await roomStub(c.env, body.sourceChatId).messagesFor(me.id, body.messageIds);
    if (messages.length !== new Set(body.messageIds).size) throw new ApiError(404, "Message not found");

    const membership = await requireCurrentMembership(db, me);
    const individualIds = body.recipients.filter((r) => r.type !== "group").map((r) => r.id);
    const myVires = await vireIdsOwnedBy(db, me.id, individualIds);
    // Check every recipient before opening any chat or sending anything: one refused recipient
    // forwards nothing and leaves nobody with a new empty chat.
    const kindOf = (r: (typeof body.recipients)[number]) => (r.type === "virtual_employee" || myVires.has(r.id) ? "virtual_employee" : "user");
    for (const r of body.recipients) {
      if (r.type === "group") await requireChatMember(db, me.id, r.id);
      else {
        const target = await privateChatTarget(db, me, r.id, kindOf(r), membership.org.id);
        if (!target.ok) throw privateChatError(target);
      }
    }
    const targets: { chatId: string; stream: 0 | 1 }[] = [];
    for (const r of body.recipients) {
      if (r.type === "group") {
        targets.push({ chatId: r.id, stream: STREAM_DISCUSS });
      } else {
        const opened = await openPrivateChat(c.env, db, me, r.id, kindOf(r), membership.org.id);
        if (!opened.ok) throw privateChatError(opened);
        targets.push({ chatId: opened.row.id, stream: kindOf(r) === "virtual_employee" ? STREAM_AGENT : STREAM_DISCUSS });
      }
    }
    const content = mergedForwardContent(messages);
    const sender = { id: me.id, name: me.name, image: me.image ?? null, type: "user" as const };
    const chatIds = [...new Map(targets.map((t) => [t.chatId, t])).values()];
    for (const t of chatIds) {
      await roomStub(c.env, t.chatId).append({ id: newId("msg_fwd"), sender, chatType: t.stream, messageType: "merged_forward", content });
    }
    return ok<ForwardAnswer>(c, { success: true, forwarded: chatIds.length, chatIds: chatIds.map((t) => t.chatId) });
  });
