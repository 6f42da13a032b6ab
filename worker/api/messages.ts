import {
  DislikeBody,
  ReactionBody,
  RegenerateBody,
  type ReactionToggleAnswer,
  type ReactionsAnswer,
  type RatingAnswer,
  type SuccessAnswer,
  type RefreshAnswer,
} from "../../contract";
import { newApp } from "../lib/app";
import { ApiError, ok } from "../lib/envelope";
import { agentRequestError } from "../lib/refusals";
import { chatOfMessage } from "../lib/message-chat";
import { requireUser } from "../lib/session";
import { json } from "../lib/validate";
import { roomStub } from "../rooms/stubs";

function found<T>(value: T | null): T {
  if (value === null) throw new ApiError(404, "Message not found");
  return value;
}

/** `/api/messages/{id}`: reactions, likes, regenerate and refresh, done by the chat's room. */
export const messagesApi = newApp()
  .use(requireUser)
  .post("/:id/reactions", json(ReactionBody), async (c) => {
    const { emoji } = c.req.valid("json");
    const { messageId, access } = await chatOfMessage(c);
    const user = c.get("user");
    return ok<ReactionToggleAnswer>(c, found(await roomStub(c.env, access.chat.id).toggleReaction({ id: user.id, name: user.name }, messageId, emoji)));
  })
  .get("/:id/reactions", async (c) => {
    const { messageId, access } = await chatOfMessage(c);
    return ok<ReactionsAnswer>(c, { reactions: found(await roomStub(c.env, access.chat.id).reactionsOf(c.get("user").id, messageId)) });
  })
  .post("/:id/like", async (c) => {
    const { messageId, access } = await chatOfMessage(c);
    return ok<RatingAnswer>(c, found(await roomStub(c.env, access.chat.id).rate(c.get("user").id, messageId, 1, null, null)));
  })
  .post("/:id/dislike", json(DislikeBody), async (c) => {
    const body = c.req.valid("json");
    const { messageId, access } = await chatOfMessage(c);
    return ok<RatingAnswer>(
      c,
      found(await roomStub(c.env, access.chat.id).rate(c.get("user").id, messageId, -1, body.reason || null, body.detailedReason || null)),
    );
  })
  .post("/:id/regenerate", json(RegenerateBody), async (c) => {
    const body = c.req.valid("json");
    const { messageId, access } = await chatOfMessage(c, body.chatId);
    const result = await roomStub(c.env, access.chat.id).regenerate(c.get("user").id, messageId);
    if (!result.ok) throw agentRequestError(result.reason, "regenerate");
    return ok<SuccessAnswer>(c, { success: true });
  })
  .post("/:id/refresh", async (c) => {
    const { messageId, access } = await chatOfMessage(c);
    const content = await roomStub(c.env, access.chat.id).messageContent(c.get("user").id, messageId);
    return ok<RefreshAnswer>(c, { success: true, newContent: found(content) });
  });
