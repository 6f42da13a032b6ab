import * as v from "valibot";
import {
  CreateGroupBody,
  DiscussToAgentBody,
  EmployeeGroupBody,
  Id,
  MessagesQuery,
  RenameGroupBody,
  isEmployeeGroupBody,
  type ChatListAnswer,
  type CreateGroupAnswer,
  type DiscussToAgentAnswer,
  type DissolveGroupAnswer,
  type LeaveGroupAnswer,
  type MessagesAnswer,
  type RenameGroupAnswer,
} from "../../contract";
import { createGroup, type CreateGroupRefused } from "../chats/create-group";
import { openEmployeeGroup } from "../chats/employee-group";
import { dissolveGroup, leaveGroup, renameGroup } from "../chats/group-lifecycle";
import { getDb } from "../db/client";
import { notify } from "../notifications";
import { myChatList } from "../chats/chat-list";
import { newApp } from "../lib/app";
import { requireChatMember, requireGroupMember, requireOwner, splitStreamId } from "../lib/chat-access";
import { chatViews } from "../lib/chat-sync";
import { ApiError, ok } from "../lib/envelope";
import { requireCurrentMembership } from "../lib/org-access";
import { agentRequestError, limitReachedError } from "../lib/refusals";
import { requireUser } from "../lib/session";
import { json, param, parseWith, query } from "../lib/validate";
import { roomStub } from "../rooms/stubs";
import { UNNOTIFIED_LIMIT } from "../rooms/chat-room/discuss-forward";

const ChatParam = v.object({ chatId: Id });
/** A chat id, or `{chatId}_{userId}` for an ask-only stream. */
const StreamParam = v.object({ chatId: v.pipe(v.string(), v.minLength(1, "Invalid id"), v.maxLength(140, "Invalid id")) });

function createGroupError(r: CreateGroupRefused): ApiError {
  switch (r.reason) {
    case "limit_reached":
      return limitReachedError(r);
    case "too_many_vires":
      return new ApiError(400, "Each group can only select up to 1 virtual employee");
    case "no_members":
      return new ApiError(400, "Please select at least one member");
    case "vire_not_found":
      return new ApiError(404, "Virtual employee not found");
    case "not_in_organization":
      return new ApiError(403, "You can only add members of your current organization");
  }
}

/** `/api/group-chats`: groups, and the message history of any chat (the spec's path for both). */
export const groupChatsApi = newApp()
  .use(requireUser)
  .get("/", async (c) => {
    return ok<ChatListAnswer>(c, { chats: await myChatList(getDb(c.env.DB), c.get("user")) });
  })
  // Two shapes: spec 02's participants list, and spec 03 §7.3's virtual employees by id with forceNew.
  .post("/", json(v.looseObject({})), async (c) => {
    const raw = c.req.valid("json");
    const body = isEmployeeGroupBody(raw)
      ? ({ shape: "employees", value: parseWith(EmployeeGroupBody, raw) } as const)
      : ({ shape: "participants", value: parseWith(CreateGroupBody, raw) } as const);
    const db = getDb(c.env.DB);
    const user = c.get("user");
    const membership = await requireCurrentMembership(db, user);
    const created =
      body.shape === "employees"
        ? await openEmployeeGroup(c.env, db, user, membership.org.id, body.value)
        : await createGroup(c.env, db, user, membership.org.id, body.value);
    if (!created.ok) throw createGroupError(created);
    const { viewFor } = await chatViews(db, created.row);
    return ok<CreateGroupAnswer>(c, { groupChat: viewFor(user.id) });
  })
  .put("/:chatId", param(ChatParam), json(RenameGroupBody), async (c) => {
    const { chatId } = c.req.valid("param");
    const { name } = c.req.valid("json");
    const db = getDb(c.env.DB);
    const access = await requireGroupMember(db, c.get("user").id, chatId);
    requireOwner(access, "Only the group owner can rename the group");
    return ok<RenameGroupAnswer>(c, { chat: await renameGroup(c.env, db, access.chat, name, access.me.participantId) });
  })
  .delete("/:chatId", param(ChatParam), async (c) => {
    const { chatId } = c.req.valid("param");
    const db = getDb(c.env.DB);
    const user = c.get("user");
    const access = await requireGroupMember(db, user.id, chatId);
    requireOwner(access, "Only the group owner can dissolve the group");
    const dissolved = await dissolveGroup(c.env, db, access.chat);
    if (!dissolved.ok) throw new ApiError(409, "Cannot dissolve your last agent group", 409, { code: "LAST_AGENT_GROUP" });
    const { userIds } = dissolved;
    const facts = { chatId, chatName: access.chat.name, organizationId: access.chat.orgId, actorId: user.id, actorName: user.name };
    await notify(
      c.env,
      userIds.filter((id) => id !== user.id),
      { type: "dissolve_group", payload: facts },
    );
    return ok<DissolveGroupAnswer>(c, {
      systemNotificationData: {
        realUsers: userIds.filter((id) => id !== user.id),
        chatName: access.chat.name,
        organizationId: access.chat.orgId,
        dissolverId: user.id,
      },
      notificationData: { allMembers: userIds, deletedBy: user.id, timestamp: new Date().toISOString(), action: "dissolve_group" },
    });
  })
  .post("/:chatId/leave", param(ChatParam), async (c) => {
    const { chatId } = c.req.valid("param");
    const db = getDb(c.env.DB);
    const user = c.get("user");
    const access = await requireGroupMember(db, user.id, chatId);
    const left = await leaveGroup(c.env, db, access.chat, user.id);
    if (!left.ok) throw new ApiError(400, "The group owner cannot leave the group; dissolve it instead");
    return ok<LeaveGroupAnswer>(c, { chatId });
  })
  .get("/:chatId/messages", param(StreamParam), query(MessagesQuery), async (c) => {
    const user = c.get("user");
    const { chatId, askOnly } = splitStreamId(c.req.valid("param").chatId, user.id);
    const messagesQuery = c.req.valid("query");
    await requireChatMember(getDb(c.env.DB), user.id, chatId);
    if (messagesQuery.unnotified_discuss === "true") {
      return ok<MessagesAnswer>(c, { messages: await roomStub(c.env, chatId).unnotifiedDiscuss(user.id, Math.min(messagesQuery.limit, UNNOTIFIED_LIMIT)) });
    }
    const chatType = askOnly ? 2 : messagesQuery.chat_type;
    if (chatType === 2 && !askOnly) throw new ApiError(400, "Ask-only messages are read at /api/group-chats/{chatId}_{userId}/messages");
    const page = await roomStub(c.env, chatId).history(user.id, {
      chatType,
      before: messagesQuery.before ? Number(messagesQuery.before) : undefined,
      limit: messagesQuery.limit,
    });
    return ok<MessagesAnswer>(c, page);
  })
  .post("/:chatId/discuss-to-agent", param(ChatParam), json(DiscussToAgentBody), async (c) => {
    const { chatId } = c.req.valid("param");
    const { messageIds } = c.req.valid("json");
    const user = c.get("user");
    await requireChatMember(getDb(c.env.DB), user.id, chatId);
    const result = await roomStub(c.env, chatId).forwardDiscussToAgent(user.id, messageIds ?? null);
    if (!result.ok) throw agentRequestError(result.reason, "forward");
    return ok<DiscussToAgentAnswer>(c, { success: true, messageId: result.messageId });
  });
