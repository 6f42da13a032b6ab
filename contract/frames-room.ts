import * as v from "valibot";
import { AgentRunInfoSchema, ControlStateSchema } from "./agent";
import { CodingServerFrames } from "./coding-agent";
import { AgentServerFrames } from "./frames-agent";
import { ChatMessageSchema, LikeCountsSchema, ReactionSummarySchema } from "./frames-parts";
import { readFrame } from "./frames-read";

/** Frames a chat room sends to its sockets. The worker builds them typed by `ServerFrame`; the SPA parses them with `parseRoomFrame`. */

export const GROUP_GONE_REASONS = ["dissolved", "removed", "left"] as const;

export const ReadyFrame = v.object({
  type: v.literal("ready"),
  chatId: v.string(),
  headSeq: v.number(),
  agentRuns: v.array(AgentRunInfoSchema),
  control: ControlStateSchema,
});
export const MessageUpdatedFrame = v.object({ type: v.literal("message_updated"), message: ChatMessageSchema });
export const ChatAckFrame = v.object({
  type: v.literal("chat_ack"),
  message_id: v.string(),
  success: v.boolean(),
  error: v.nullable(v.string()),
  timestamp: v.string(),
  seq: v.nullable(v.number()),
  duplicate: v.optional(v.boolean()),
});
export const NewMessageFrame = v.object({ type: v.literal("message"), message: ChatMessageSchema });
/**
 * New messages stored while the room had a backlog, in seq order, each meaning what a `message`
 * frame would. Only sockets that asked with `?frames=batch` (ROOM_BATCH_QUERY) get it.
 */
export const MessagesFrame = v.object({ type: v.literal("messages"), messages: v.array(ChatMessageSchema) });
/** The socket URL's query that asks the room for `messages` frames. */
export const ROOM_BATCH_QUERY = { frames: "batch" } as const;
export const ReplayDoneFrame = v.object({ type: v.literal("replay_done"), headSeq: v.number() });
export const ReactionsFrame = v.object({ type: v.literal("reactions"), message_id: v.string(), reactions: v.array(ReactionSummarySchema) });
export const LikesFrame = v.object({ type: v.literal("likes"), message_id: v.string(), likes: LikeCountsSchema });
export const MemberAddFrame = v.object({ type: v.literal("member_add"), chatId: v.string(), participantIds: v.array(v.string()) });
export const MemberRemoveFrame = v.object({ type: v.literal("member_remove"), chatId: v.string(), participantIds: v.array(v.string()) });
export const ChatRenamedFrame = v.object({ type: v.literal("chat_renamed"), chatId: v.string(), name: v.string() });
export const GroupRemoveFrame = v.object({ type: v.literal("group_remove"), chatId: v.string(), reason: v.picklist(GROUP_GONE_REASONS) });
/**
 * `messageId` names a message that was stored and acked and that the error is about (the VIRE is
 * busy answering another mention); without it the error refuses the sender's latest unacked send.
 */
export const ErrorFrame = v.object({ type: v.literal("error"), error: v.string(), messageId: v.optional(v.string()) });
export const PongFrame = v.object({ type: v.literal("pong") });

export const RoomServerFrame = v.variant("type", [
  ReadyFrame,
  MessageUpdatedFrame,
  ChatAckFrame,
  NewMessageFrame,
  MessagesFrame,
  ReplayDoneFrame,
  ReactionsFrame,
  LikesFrame,
  MemberAddFrame,
  MemberRemoveFrame,
  ChatRenamedFrame,
  GroupRemoveFrame,
  ErrorFrame,
  PongFrame,
  ...AgentServerFrames,
  ...CodingServerFrames,
]);
/** Every frame a chat room sends. */
export type ServerFrame = v.InferOutput<typeof RoomServerFrame>;
/** A room frame as the app handles it: the socket unpacks a `messages` frame into `message` frames. */
export type UnpackedFrame = Exclude<ServerFrame, { type: "messages" }>;

/** One room socket message (text or already-parsed JSON) as a known frame, or null; never throws. */
export function parseRoomFrame(data: unknown): ServerFrame | null {
  return readFrame(RoomServerFrame, data);
}
