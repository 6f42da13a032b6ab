import * as v from "valibot";
import {
  BatchStatusBody,
  DEFAULT_MODEL,
  PresenterDecisionBody,
  type AgentStatusAnswer,
  type BatchStatusAnswer,
  type RequestOutcome,
  type ModelOption,
  type PresenterDecisionAnswer,
} from "../../contract";
import { modelOptions } from "../agents/models";
import { getDb } from "../db/client";
import { findParticipant } from "../db/chats";
import { newApp } from "../lib/app";
import { requireChatMember, splitStreamId } from "../lib/chat-access";
import { ApiError, ok } from "../lib/envelope";
import { presenterDecisionError } from "../lib/refusals";
import { requireUser } from "../lib/session";
import { json, query } from "../lib/validate";
import { roomStub } from "../rooms/stubs";

/** `GET /api/agent-status/{room}`: busy while a reply runs in that room (the chat, or `{chatId}_{me}`). */
export const agentStatusApi = newApp()
  .use(requireUser)
  .get("/:room", async (c) => {
    const user = c.get("user");
    const room = c.req.param("room");
    const { chatId } = splitStreamId(room, user.id);
    await requireChatMember(getDb(c.env.DB), user.id, chatId);
    return ok<AgentStatusAnswer>(c, { status: await roomStub(c.env, chatId).agentStatus(room) });
  });

const ModelsQuery = v.object({ default_model: v.optional(v.pipe(v.string(), v.maxLength(100)), DEFAULT_MODEL) });

/** `GET /api/llm/router/models`: the model selector's list; `isOpen` where a provider is configured. */
export const modelsApi = newApp()
  .use(requireUser)
  .get("/router/models", query(ModelsQuery), (c) => ok<ModelOption[]>(c, modelOptions(c.env, c.req.valid("query").default_model)));

/** `POST /api/presenter-requests/{requestId}`: the permission card's Approve and Reject. */
export const presenterRequestsApi = newApp()
  .use(requireUser)
  .post("/:requestId", json(PresenterDecisionBody), async (c) => {
    const { chatId, decision } = c.req.valid("json");
    const user = c.get("user");
    const access = await requireChatMember(getDb(c.env.DB), user.id, chatId);
    if (access.chat.ownerId !== user.id) throw presenterDecisionError("not_owner");
    const decided = await roomStub(c.env, chatId).decidePresenterRequest(user.id, c.req.param("requestId"), decision);
    if (!decided.ok) throw presenterDecisionError(decided.reason);
    return ok<PresenterDecisionAnswer>(c, { requestId: c.req.param("requestId"), decision });
  });

/** `POST /api/request-permission/batch-status`: the cards' statuses, checked on display. */
export const requestPermissionApi = newApp()
  .use(requireUser)
  .post("/batch-status", json(BatchStatusBody), async (c) => {
    const { jsonArray } = c.req.valid("json");
    const user = c.get("user");
    const db = getDb(c.env.DB);
    const byChat = new Map<string, string[]>();
    for (const item of jsonArray) byChat.set(item.chatId, [...(byChat.get(item.chatId) ?? []), item.requestId]);
    const statuses = new Map<string, RequestOutcome>();
    await Promise.all(
      [...byChat].map(async ([chatId, ids]) => {
        // Chats the caller is not in answer nothing, exactly like unknown requests.
        if (!(await findParticipant(db, chatId, user.id))) return;
        const found = await roomStub(c.env, chatId).requestStatuses(ids);
        for (const [id, status] of Object.entries(found)) statuses.set(id, status);
      }),
    );
    const data = jsonArray.filter((i) => statuses.has(i.requestId)).map((i) => ({ requestId: i.requestId, status: statuses.get(i.requestId)! }));
    return ok<BatchStatusAnswer>(c, { success: true, data });
  });
