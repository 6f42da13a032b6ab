import * as v from "valibot";
import { cleanFileName } from "./names";
import { AgentClientFrames, AgentConfig } from "./agent";
import { ApprovalDecisionFrame } from "./coding-agent";
import { CHAT_TYPES, MESSAGE_TEXT_MAX } from "./chat";
import type { InboxFrame } from "./frames-inbox";
import type { ServerFrame } from "./frames-room";

/** Spec 02 §9: the client waits 5 s for an ack and retries a socket send 3 times, 1 s apart. */
export const ACK_WAIT_MS = 5000;
export const SEND_RETRIES = 3;
export const SEND_RETRY_DELAY_MS = 1000;

const ClientMessageId = v.pipe(v.string(), v.regex(/^msg_[A-Za-z0-9_-]{4,60}$/, "message_id must look like msg_…"));

export const AttachmentRef = v.object({
  id: v.pipe(v.string(), v.maxLength(80)),
  // Cleaned of control and text-direction characters, which could disguise a file's real extension.
  fileName: v.pipe(v.string(), v.maxLength(1020), v.transform(cleanFileName), v.minLength(1), v.maxLength(255)),
  fileSize: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(52_428_800)),
  mimeType: v.pipe(v.string(), v.maxLength(127)),
  fileUrl: v.pipe(v.string(), v.maxLength(2048)),
  thumbnailUrl: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(2048)))),
});

const ATTACHMENT_FILE = /^attach_[a-f0-9]{32}$/;

/**
 * Whether a url is a file uploaded to this chat: exactly `/api/chat-attachments/{chatId}/attach_{32
 * hex}`, as the upload route answers it. Compared whole, not by prefix, so `/../`, `%2e%2e` or
 * `%2f` cannot lead a "file of this chat" somewhere else.
 */
export function isChatAttachmentUrl(url: string, chatId: string): boolean {
  const prefix = `/api/chat-attachments/${chatId}/`;
  return url.startsWith(prefix) && ATTACHMENT_FILE.test(url.slice(prefix.length));
}

/**
 * `chat_message` as the spec's client sends it (spec 02 §3 "Socket chat_message payload"). Only the
 * fields the room needs are checked; the rest of the spec's payload (context_info, agent_config …)
 * is allowed and ignored here, because the agent issue reads it.
 */
export const ChatMessageFrame = v.looseObject({
  type: v.literal("chat_message"),
  message_id: ClientMessageId,
  chat_type: v.picklist(CHAT_TYPES, "chat_type must be 0, 1 or 2"),
  reply_to_message_id: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(80)))),
  message_type: v.optional(v.picklist(["user_request", "chat"])),
  data: v.looseObject({
    context_info: v.optional(v.looseObject({ agent_config: v.optional(AgentConfig) })),
    content: v.object({
      text: v.pipe(v.string("text must be a string"), v.maxLength(MESSAGE_TEXT_MAX, `Message is too long (max ${MESSAGE_TEXT_MAX} characters)`)),
      attachments: v.optional(v.pipe(v.array(AttachmentRef), v.maxLength(20, "At most 20 attachments per message")), []),
    }),
  }),
});
export type ChatMessageFrame = v.InferOutput<typeof ChatMessageFrame>;

export const ResumeFrame = v.object({ type: v.literal("resume"), lastSeq: v.pipe(v.number(), v.integer(), v.minValue(0)) });
export const PingFrame = v.object({ type: v.literal("ping") });

/**
 * A ping and its answer, byte for byte: rooms and inboxes let the platform answer this exact text
 * (`setWebSocketAutoResponse`) without waking up, so clients must send exactly PING_TEXT.
 */
export const PING_TEXT = '{"type":"ping"}';
export const PONG_TEXT = '{"type":"pong"}';

export const ClientFrame = v.variant("type", [ChatMessageFrame, ResumeFrame, PingFrame, ...AgentClientFrames, ApprovalDecisionFrame], "Unknown frame type");
export type ClientFrame = v.InferOutput<typeof ClientFrame>;

export function encodeFrame(frame: ServerFrame | InboxFrame): string {
  return JSON.stringify(frame);
}

/**
 * Close codes of the chat and inbox sockets (docs/chat-api.md "Sockets"). After 4001 the client is
 * signed out and must not reconnect; after 4008 it waits before it tries again.
 */
export const CLOSE_SIGNED_OUT = 4001;
export const CLOSE_REMOVED = 4003;
export const CLOSE_DISSOLVED = 4004;
export const CLOSE_FRAME_FLOOD = 4008;

/**
 * Frames a socket may send: a burst, refilled at a steady rate. Far above what people do (a
 * message, its retries, pings, agent controls) and far below what a script floods.
 */
export const FRAME_BURST = 60;
export const FRAMES_PER_SECOND = 10;

/** A reconnecting client gets at most this many missed messages; beyond it, it reloads history. */
export const REPLAY_LIMIT = 1000;
/** The largest text frame a chat room reads (a 20,000-character message with its attachments fits many times). */
export const MAX_FRAME_CHARS = 256 * 1024;
