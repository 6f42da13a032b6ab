import type { Env } from "../env";
import { notify } from "../notifications";

/** The inviter learns, live and in their notification list, that their invitation was accepted (spec 02 §7). */
export async function tellInviterAccepted(env: Env, inviterId: string, friend: { id: string; name: string }): Promise<void> {
  await notify(env, [inviterId], { type: "friend_invite_accepted", payload: { actorId: friend.id, actorName: friend.name } });
}
