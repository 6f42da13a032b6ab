import * as v from "valibot";
import {
  FriendInviteBody,
  InviteCodeParam,
  PEOPLE_TEXTS,
  type FriendInviteAccepted,
  type FriendInviteCreated,
  type FriendInviteInfo,
  type FriendInvitesAnswer,
} from "../../contract";
import { getDb } from "../db/client";
import { newApp } from "../lib/app";
import { ApiError, ok } from "../lib/envelope";
import { acceptError, inviteError } from "../lib/people-refusals";
import { requireUser } from "../lib/session";
import { json, param, query } from "../lib/validate";
import { acceptInvite, inviteFriend, inviteInfo, sentInvites } from "../people/invitations";
import { publicOrigin } from "../workspace/public-origin";

const ListQuery = v.object({ type: v.optional(v.picklist(["sent"], "type must be sent")) });

/** `/api/friend-invites` (spec 01 §7): my sent invitations, a new one by e-mail, the link's landing info and accepting. */
export const friendInvitesApi = newApp()
  // The landing page shows who invites before the visitor has an account.
  .get("/:inviteCode", param(InviteCodeParam), async (c) => {
    const info = await inviteInfo(getDb(c.env.DB), c.req.valid("param").inviteCode);
    if (!info) throw new ApiError(404, PEOPLE_TEXTS.inviteNotFound);
    return ok<FriendInviteInfo>(c, info);
  })
  .use(requireUser)
  .get("/", query(ListQuery), async (c) => {
    return ok<FriendInvitesAnswer>(c, { invites: await sentInvites(getDb(c.env.DB), c.get("user").id) });
  })
  .post("/", json(FriendInviteBody), async (c) => {
    const { inviteeEmail } = c.req.valid("json");
    const locale = /^zh\b/i.test(c.req.header("accept-language") ?? "") ? "zh" : "en";
    const r = await inviteFriend(c.env, getDb(c.env.DB), c.get("user"), inviteeEmail, { origin: publicOrigin(c), locale });
    if (!r.ok) throw inviteError(r);
    return ok<FriendInviteCreated>(c, r.created);
  })
  .post("/:inviteCode/accept", param(InviteCodeParam), async (c) => {
    const r = await acceptInvite(c.env, getDb(c.env.DB), c.get("user"), c.req.valid("param").inviteCode);
    if (!r.ok) throw acceptError(r);
    return ok<FriendInviteAccepted>(c, r.accepted);
  });
