import * as v from "valibot";
import { PresenterRequestSchema } from "./agent";
import { ChatListItemSchema, UnreadCountsSchema } from "./frames-parts";
import { readFrame } from "./frames-read";
import { GroupRemoveFrame, MemberAddFrame, MemberRemoveFrame, PongFrame } from "./frames-room";
import { MentionFrame } from "./mentions";
import { SystemNotificationFrame } from "./notifications";

/** Frames a user's inbox sends to every tab of theirs (the spec's global real-time connection). */

export const GroupAddFrame = v.object({ type: v.literal("group_add"), chat: ChatListItemSchema });
export const ChatUpdatedFrame = v.object({ type: v.literal("chat_updated"), chatId: v.string(), name: v.optional(v.string()) });
export const HasUnreadFrame = v.object({
  type: v.literal("has_unread_msg"),
  chatId: v.string(),
  unread: UnreadCountsSchema,
  lastMessage: v.string(),
  lastMessageAt: v.string(),
  senderName: v.string(),
});
export const RefreshOrganizationsFrame = v.object({ type: v.literal("refresh_organizations") });
/** To a group owner wherever they are: someone asks for control of the agent (a system notification). */
export const InboxPresenterRequestFrame = v.object({ type: v.literal("presenter_request"), request: PresenterRequestSchema, chatName: v.string() });

export const InboxServerFrame = v.variant("type", [
  GroupAddFrame,
  GroupRemoveFrame,
  MemberAddFrame,
  MemberRemoveFrame,
  ChatUpdatedFrame,
  HasUnreadFrame,
  RefreshOrganizationsFrame,
  InboxPresenterRequestFrame,
  SystemNotificationFrame,
  MentionFrame,
  PongFrame,
]);
/** Every frame an inbox sends. */
export type InboxFrame = v.InferOutput<typeof InboxServerFrame>;

/** One inbox socket message (text or already-parsed JSON) as a known frame, or null; never throws. */
export function parseInboxFrame(data: unknown): InboxFrame | null {
  return readFrame(InboxServerFrame, data);
}
