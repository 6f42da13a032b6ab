import * as v from "valibot";
import { Id, MENTION_NOT_FOUND, MentionsReadBody, type MentionsAnswer } from "../../contract";
import { newApp } from "../lib/app";
import { ApiError, ok } from "../lib/envelope";
import { requireUser } from "../lib/session";
import { json, param } from "../lib/validate";
import { inboxStub } from "../rooms/stubs";

const IdParam = v.object({ id: Id });

/**
 * `/api/mentions`: the caller's own mention notifications, kept in their UserInbox. Every call
 * reaches only the caller's inbox, so another user's mention id is "not found" like any unknown id.
 * Each change answers the list as it now is.
 */
export const mentionsApi = newApp()
  .use(requireUser)
  .get("/", async (c) => ok<MentionsAnswer>(c, await inboxStub(c.env, c.get("user").id).listMentions()))
  .post("/read", json(MentionsReadBody, { optional: true }), async (c) => {
    const { ids } = c.req.valid("json");
    const answer = await inboxStub(c.env, c.get("user").id).markMentionsRead(ids ?? null);
    if (!answer) throw new ApiError(404, MENTION_NOT_FOUND);
    return ok<MentionsAnswer>(c, answer);
  })
  .delete("/", async (c) => ok<MentionsAnswer>(c, await inboxStub(c.env, c.get("user").id).clearMentions()))
  .delete("/:id", param(IdParam), async (c) => {
    const answer = await inboxStub(c.env, c.get("user").id).deleteMention(c.req.valid("param").id);
    if (!answer) throw new ApiError(404, MENTION_NOT_FOUND);
    return ok<MentionsAnswer>(c, answer);
  });
