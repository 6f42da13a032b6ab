import type { InboxFrame } from "../../contract";
import type { Env } from "../env";
import type { ChatRoom } from "./chat-room/index";
import type { UserInbox } from "./user-inbox";

export function roomStub(env: Env, chatId: string): DurableObjectStub<ChatRoom> {
  return env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName(chatId));
}

export function inboxStub(env: Env, userId: string): DurableObjectStub<UserInbox> {
  return env.USER_INBOX.get(env.USER_INBOX.idFromName(userId));
}

/** Tells each user's tabs; a failure for one user is logged and never blocks the others or the caller. */
export async function notifyUsers(env: Env, userIds: Iterable<string>, frame: InboxFrame): Promise<void> {
  const results = await Promise.allSettled([...new Set(userIds)].map((id) => inboxStub(env, id).notify(frame)));
  for (const r of results) if (r.status === "rejected") console.error("inbox notify failed", frame.type, r.reason);
}
