import * as v from "valibot";
import {
  Id,
  type AvailableJoinMembersAnswer,
  type ChatListItem,
  type ChatsAnswer,
  type LastMessageAnswer,
  type ParticipantsAnswer,
  type PresenterRequestsAnswer,
} from "../../contract";
import { myChatList } from "../chats/chat-list";
import { joinCandidates } from "../chats/join-candidates";
import { lastMessageFor } from "../chats/last-message";
import { getDb } from "../db/client";
import { participantsOf } from "../db/chats";
import { toChatListItem, toParticipant } from "../db/chat-mappers";
import { newApp } from "../lib/app";
import { requireChatMember } from "../lib/chat-access";
import { syncRoomMembers } from "../lib/chat-sync";
import { ApiError, ok } from "../lib/envelope";
import { requireSameOrigin } from "../lib/origin";
import { requireUser } from "../lib/session";
import { param, parseWith } from "../lib/validate";
import { roomStub } from "../rooms/stubs";
import { USER_ID_HEADER, USER_IMAGE_HEADER, USER_NAME_HEADER } from "../rooms/chat-room/types";
import { SESSION_HEADER } from "../rooms/session-sockets";

const ChatParam = v.object({ chatId: Id });

/** `/api/chats`: my chats (spec 03 §7.3), one chat, its last message, participants, who could join, and its realtime socket. */
export const chatsApi = newApp()
  .use(requireUser)
  .get("/", async (c) => ok<ChatsAnswer>(c, { success: true, data: await myChatList(getDb(c.env.DB), c.get("user")) }))
  .get("/:chatId", param(ChatParam), async (c) => {
    const { chatId } = c.req.valid("param");
    const db = getDb(c.env.DB);
    const user = c.get("user");
    const { chat } = await requireChatMember(db, user.id, chatId);
    const participants = (await participantsOf(db, [chatId])).get(chatId) ?? [];
    return ok<ChatListItem>(c, toChatListItem(chat, participants, user.id));
  })
  .get("/:chatId/last-message", param(ChatParam), async (c) => {
    const { chatId } = c.req.valid("param");
    const user = c.get("user");
    await requireChatMember(getDb(c.env.DB), user.id, chatId);
    return ok<LastMessageAnswer>(c, { success: true, data: await lastMessageFor(c.env, chatId, user.id) });
  })
  .get("/:chatId/presenter-requests", param(ChatParam), async (c) => {
    const { chatId } = c.req.valid("param");
    const user = c.get("user");
    await requireChatMember(getDb(c.env.DB), user.id, chatId);
    const requests = await roomStub(c.env, chatId).presenterRequests(user.id);
    if (requests === null) throw new ApiError(403, "Only the group owner can see permission requests");
    return ok<PresenterRequestsAnswer>(c, { requests });
  })
  .get("/:chatId/participants", param(ChatParam), async (c) => {
    const { chatId } = c.req.valid("param");
    const db = getDb(c.env.DB);
    const user = c.get("user");
    await requireChatMember(db, user.id, chatId);
    const participants = (await participantsOf(db, [chatId])).get(chatId) ?? [];
    return ok<ParticipantsAnswer>(c, { participants: participants.map((p) => toParticipant(p, user.id)) });
  })
  .get("/:chatId/availableJoinMember", param(ChatParam), async (c) => {
    const { chatId } = c.req.valid("param");
    const db = getDb(c.env.DB);
    const user = c.get("user");
    const { chat } = await requireChatMember(db, user.id, chatId);
    return ok<AvailableJoinMembersAnswer>(c, await joinCandidates(db, chat, user.id));
  })
  .get("/:chatId/ws", async (c) => {
    // The origin is checked before anything else about a socket request.
    requireSameOrigin(c);
    const chatId = parseWith(Id, c.req.param("chatId"));
    const user = c.get("user");
    const db = getDb(c.env.DB);
    const { chat } = await requireChatMember(db, user.id, chatId);
    const headers = new Headers(c.req.raw.headers);
    headers.set(USER_ID_HEADER, user.id);
    headers.set(USER_NAME_HEADER, encodeURIComponent(user.name));
    headers.set(USER_IMAGE_HEADER, user.image ?? "");
    headers.set(SESSION_HEADER, c.get("sessionId"));
    const stub = roomStub(c.env, chatId);
    const response = await stub.fetch(new Request(c.req.raw.url, { headers }));
    if (response.status !== 409) return response;
    await syncRoomMembers(c.env, db, chat);
    return stub.fetch(new Request(c.req.raw.url, { headers }));
  });
