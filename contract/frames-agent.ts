import * as v from "valibot";
import { ControlStateSchema, PresenterRequestSchema } from "./agent";
import { CHAT_TYPES } from "./chat";

/** Frames a chat room sends about agent runs and presenter control (spec 02 §4). */

const Stream = v.picklist(CHAT_TYPES);

export const StreamingMessageFrame = v.object({
  type: v.literal("streaming_message"),
  room: v.string(),
  chat_type: Stream,
  message_id: v.string(),
  chunk: v.string(),
  offset: v.number(),
});
export const StreamingDoneFrame = v.object({ type: v.literal("streaming_done"), room: v.string(), chat_type: Stream, message_id: v.string() });
export const ChatDoneFrame = v.object({ type: v.literal("chat_done"), room: v.string(), chat_type: Stream, message_id: v.nullable(v.string()) });
export const SsePausedFrame = v.object({
  type: v.literal("sse_paused"),
  room: v.string(),
  success: v.boolean(),
  message_id: v.nullable(v.string()),
  error: v.optional(v.string()),
});
export const ChatRemainNoFrame = v.object({ type: v.literal("chat_remain_no"), room: v.string(), message: v.string() });
export const AgentStatusFrame = v.object({ type: v.literal("agent_status"), room: v.string(), chat_type: Stream, status: v.picklist(["busy", "idle"]) });
export const ControlStateFrame = v.object({ type: v.literal("control_state"), control: ControlStateSchema });
export const PresenterChangedFrame = v.object({
  type: v.literal("presenter_changed"),
  chatId: v.string(),
  presenterId: v.nullable(v.string()),
  presenterName: v.nullable(v.string()),
  action: v.picklist(["release", "approve", "revoke", "transfer"]),
  by: v.string(),
});
/** To the owner's sockets in the chat; the owner's inbox gets InboxPresenterRequestFrame. */
export const RoomPresenterRequestFrame = v.object({ type: v.literal("presenter_request"), request: PresenterRequestSchema });
export const RequestRejectedFrame = v.object({ type: v.literal("request_rejected"), requestId: v.string(), chatId: v.string() });
export const CONTROL_SUCCESS_TYPES = ["request_success", "transfer_success", "release_success", "assign_success"] as const;
export const ControlSuccessFrame = v.object({ type: v.picklist(CONTROL_SUCCESS_TYPES), requestId: v.optional(v.string()), message: v.string() });
export const CONTROL_ERROR_TYPES = ["request_error", "transfer_error", "release_error", "assign_error", "handle_request_error"] as const;
export const ControlErrorFrame = v.object({ type: v.picklist(CONTROL_ERROR_TYPES), error: v.string() });

export const AgentServerFrames = [
  StreamingMessageFrame,
  StreamingDoneFrame,
  ChatDoneFrame,
  SsePausedFrame,
  ChatRemainNoFrame,
  AgentStatusFrame,
  ControlStateFrame,
  PresenterChangedFrame,
  RoomPresenterRequestFrame,
  RequestRejectedFrame,
  ControlSuccessFrame,
  ControlErrorFrame,
] as const;

export const AgentServerFrame = v.variant("type", AgentServerFrames);
export type AgentServerFrame = v.InferOutput<typeof AgentServerFrame>;
