import type { Attachment, ChatMessage, ChatStream } from "../../../../contract";

/**
 * The streams a chat shows. Chats with an agent (single_group, virtual_employee) have three tabs;
 * human chats (real_person, human_group) have one stream, `human`, which is chat_type 0.
 */
export type StreamKey = "agent" | "discuss" | "askOnly" | "human";

/** A message as the list holds it: the server's shape plus the sender's local send state. */
export interface UiMessage extends ChatMessage {
  /** Sent by this tab and not acknowledged by the room yet (kept internally until acked). */
  pending?: boolean;
  /** The 5 s ack wait passed: shown as sent although still pending internally. */
  shownAsSent?: boolean;
  /** The room refused it (agent and ask-only streams keep it, marked failed). */
  failed?: string | null;
  /** Agent reply chunks that arrived ahead of a gap in the text (see agent/model/streaming.ts). */
  heldChunks?: readonly { offset: number; chunk: string }[];
}

export interface StreamState {
  messages: UiMessage[];
  /** `before` cursor for the next older page. */
  nextCursor: string | null;
  hasMore: boolean;
  /** An older page (or the first page) is loading. */
  loading: boolean;
  /** The first page arrived (or failed): the list can render. */
  loaded: boolean;
}

export type StreamsState = Record<StreamKey, StreamState>;

export const STREAM_CHAT_TYPE: Record<StreamKey, ChatStream> = { agent: 1, discuss: 0, askOnly: 2, human: 0 };

/** The message a composer tab replies to. */
export interface ReplyTarget {
  id: string;
  content: string;
  senderName: string;
}

/** What the composer hands over to be sent. */
export interface ComposedMessage {
  stream: StreamKey;
  text: string;
  attachments: Attachment[];
  replyTo: ReplyTarget | null;
  /** Mode and model of an agent or ask-only request (spec 02 §3 `agent_config`). */
  agentConfig?: { execution_mode: "coding" | "ask"; preferred_llm_model: string };
}
