import { and, eq } from "drizzle-orm";
import * as v from "valibot";
import { CreateGroupBody, DiscussToAgentBody, Id, MAX_VIRES_PER_GROUP, MessagesQuery, PLAN_CATALOGUE, RenameGroupBody, UNLIMITED } from "../../contract";
import { getDb } from "../db/client";
import { chatsForUser, countOwnedAgentGroups, countOwnedGroups, orgMemberIds, participantsOf, vireIdsOwnedBy } from "../db/chats";
import { toChatListItem } from "../db/chat-mappers";
import { chat, chatParticipant } from "../db/schema";
import { newApp } from "../lib/app";
import { requireChatMember, requireGroupMember, requireOwner, splitStreamId } from "../lib/chat-access";
import { dissolveChats } from "../lib/chat-dissolve";
import { announceChat, chatViews, syncRoomMembers, tell } from "../lib/chat-sync";
import { ApiError, ok } from "../lib/envelope";
import { newId } from "../lib/ids";
import { requireCurrentMembership } from "../lib/org-access";
import { requireUser } from "../lib/session";
import { jsonBody, parseWith, queryOf } from "../lib/validate";
import { roomStub } from "../rooms/stubs";
import { tierOf } from "./membership";
import { groupParticipantsApi } from "./group-participants";
import { UNNOTIFIED_LIMIT } from "../rooms/chat-room/discuss-forward";
import { inSlices } from "../db/bound-lists";

/** A chat id, or `{chatId}_{userId}` for an ask-only stream. */
const StreamId = v.pipe(v.string(), v.minLength(1, "Invalid id"), v.maxLength(140, "Invalid id"));

/** `/api/group-chats`: groups, and the message history of any chat (the spec's path for both). */
export const groupChatsApi = newApp()
  .use(requireUser)
  .get("/", async (c) => {
    const db = getDb(c.env.DB);
    const user = c.get("user");
    const membership = await requireCurrentMembership(db, user);
    const rows = await chatsForUser(db, user.id, membership.org.id);
    const participants = await participantsOf(db, rows.map((r) => r.id));
    return ok(c, { chats: rows.map((r) => toChatListItem(r, participants.get(r.id) ?? [], user.id)) });
  })
  .post("/", async (c) => {
    const body = await jsonBody(c, CreateGroupBody);
    const db = getDb(c.env.DB);
    const user = c.get("user");
    const membership = await requireCurrentMembership(db, user);

    const limit = PLAN_CATALOGUE[tierOf(user)].limits.groupChats;
    if (limit !== UNLIMITED && (await countOwnedGroups(db, user.id)) >= limit) {
      throw new ApiError(403, `Group limit reached: your ${PLAN_CATALOGUE[tierOf(user)].displayName.en} plan supports up to ${limit} group chats.`);
    }
    const others = body.participants.filter((p) => p.id !== user.id);
    const vireIds = [...new Set(others.filter((p) => p.type === "virtual_employee").map((p) => p.id))];
    const userIds = [...new Set(others.filter((p) => p.type === "user").map((p) => p.id))];
    if (vireIds.length > MAX_VIRES_PER_GROUP) throw new ApiError(400, "Each group can only select up to 1 virtual employee");
    if (vireIds.length + userIds.length === 0) throw new ApiError(400, "Please select at least one member");
    if ((await vireIdsOwnedBy(db, user.id, vireIds)).size !== vireIds.length) throw new ApiError(404, "Virtual employee not found");
    if ((await orgMemberIds(db, membership.org.id, userIds)).size !== userIds.length) {
      throw new ApiError(403, "You can only add members of your current organization");
    }

    const id = newId("chat");
    const kind = vireIds.length ? "single_group" : "human_group";
    const participants = [
      { chatId: id, participantId: user.id, participantType: "user" as const, cpRole: "owner" as const },
      ...userIds.map((pid) => ({ chatId: id, participantId: pid, participantType: "user" as const })),
      ...vireIds.map((pid) => ({ chatId: id, participantId: pid, participantType: "virtual_employee" as const })),
    ];
    // Up to 500 members: one multi-row insert would pass D1's 100 bound parameters.
    await db.batch([
      db.insert(chat).values({ id, orgId: membership.org.id, name: body.name, description: body.description, kind, ownerId: user.id }),
      ...inSlices(participants, 8).map((part) => db.insert(chatParticipant).values(part)),
    ]);
    const row = (await db.select().from(chat).where(eq(chat.id, id)))[0]!;
    await syncRoomMembers(c.env, db, row);
    await announceChat(c.env, db, row);
    const { viewFor } = await chatViews(db, row);
    return ok(c, { groupChat: viewFor(user.id) });
  })
  .put("/:chatId", async (c) => {
    const chatId = parseWith(Id, c.req.param("chatId"));
    const { name } = await jsonBody(c, RenameGroupBody);
    const db = getDb(c.env.DB);
    const access = await requireGroupMember(db, c.get("user").id, chatId);
    requireOwner(access, "Only the group owner can rename the group");
    await db.update(chat).set({ name, updatedAt: new Date() }).where(eq(chat.id, chatId));
    const row = { ...access.chat, name };
    await roomStub(c.env, chatId).renamed(name);
    const { userIds, viewFor } = await chatViews(db, row);
    await tell(c.env, userIds, { type: "chat_updated", chatId, name });
    return ok(c, { chat: viewFor(access.me.participantId) });
  })
  .delete("/:chatId", async (c) => {
    const chatId = parseWith(Id, c.req.param("chatId"));
    const db = getDb(c.env.DB);
    const user = c.get("user");
    const access = await requireGroupMember(db, user.id, chatId);
    requireOwner(access, "Only the group owner can dissolve the group");
    if (access.chat.kind === "single_group" && (await countOwnedAgentGroups(db, user.id)) <= 1) {
      throw new ApiError(409, "Cannot dissolve your last agent group", 409, { code: "LAST_AGENT_GROUP" });
    }
    const userIds = (await dissolveChats(c.env, db, [chatId])).get(chatId) ?? [];
    const timestamp = new Date().toISOString();
    return ok(c, {
      systemNotificationData: { realUsers: userIds.filter((id) => id !== user.id), chatName: access.chat.name, organizationId: access.chat.orgId, dissolverId: user.id },
      notificationData: { allMembers: userIds, deletedBy: user.id, timestamp, action: "dissolve_group" },
    });
  })
  .post("/:chatId/leave", async (c) => {
    const chatId = parseWith(Id, c.req.param("chatId"));
    const db = getDb(c.env.DB);
    const user = c.get("user");
    const access = await requireGroupMember(db, user.id, chatId);
    if (access.chat.ownerId === user.id) throw new ApiError(400, "The group owner cannot leave the group; dissolve it instead");
    await db.delete(chatParticipant).where(and(eq(chatParticipant.chatId, chatId), eq(chatParticipant.participantId, user.id)));
    await syncRoomMembers(c.env, db, access.chat, "left");
    const { userIds } = await chatViews(db, access.chat);
    await tell(c.env, [user.id], { type: "group_remove", chatId, reason: "left" });
    await tell(c.env, userIds, { type: "member_remove", chatId, participantIds: [user.id] });
    return ok(c, { chatId });
  })
  .get("/:chatId/messages", async (c) => {
    const user = c.get("user");
    const raw = parseWith(StreamId, c.req.param("chatId"));
    const { chatId, askOnly } = splitStreamId(raw, user.id);
    const query = queryOf(c, MessagesQuery);
    await requireChatMember(getDb(c.env.DB), user.id, chatId);
    if (query.unnotified_discuss === "true") return ok(c, { messages: await roomStub(c.env, chatId).unnotifiedDiscuss(user.id, Math.min(query.limit, UNNOTIFIED_LIMIT)) });
    const chatType = askOnly ? 2 : query.chat_type;
    if (chatType === 2 && !askOnly) throw new ApiError(400, "Ask-only messages are read at /api/group-chats/{chatId}_{userId}/messages");
    const page = await roomStub(c.env, chatId).history(user.id, { chatType, before: query.before ? Number(query.before) : undefined, limit: query.limit });
    return ok(c, page);
  })
  .post("/:chatId/discuss-to-agent", async (c) => {
    const chatId = parseWith(Id, c.req.param("chatId"));
    const { messageIds } = await jsonBody(c, DiscussToAgentBody);
    const user = c.get("user");
    await requireChatMember(getDb(c.env.DB), user.id, chatId);
    const result = await roomStub(c.env, chatId).forwardDiscussToAgent(user.id, messageIds ?? null);
    if (!result.ok) throw new ApiError(result.status, result.error);
    return ok(c, { success: true, messageId: result.messageId });
  })
  .route("/", groupParticipantsApi);
