import * as v from "valibot";
import {
  CHAT_TYPES,
  type Attachment,
  type ChatListItem,
  type ChatMessage,
  type LikeState,
  type MessageType,
  type Participant,
  type ReactionSummary,
  type UnreadCounts,
} from "./chat";

/**
 * Schemas of the values server frames carry (messages, chat-list rows, unread counts …). The
 * interfaces in `chat.ts` stay the names everyone uses; the checks at the end of this file make a
 * schema and its interface fail to compile as soon as they differ.
 */

const Stream = v.picklist(CHAT_TYPES);

export const UnreadCountsSchema = v.object({ total: v.number(), agent: v.number(), human: v.number(), lastReadAt: v.nullable(v.string()) });

const CP_ROLES = ["owner", "presenter", "member"] as const;
const PARTICIPANT_TYPES = ["user", "virtual_employee"] as const;

export const ParticipantSchema = v.object({
  id: v.string(),
  name: v.string(),
  email: v.nullable(v.string()),
  type: v.picklist(PARTICIPANT_TYPES),
  isCurrentUser: v.boolean(),
  role: v.nullable(v.string()),
  cpRole: v.picklist(CP_ROLES),
  participantRole: v.picklist(CP_ROLES),
  image: v.nullable(v.string()),
  avatarUrl: v.nullable(v.string()),
  isAI: v.boolean(),
  agentType: v.nullable(v.string()),
  description: v.nullable(v.string()),
});

const CHAT_KINDS = ["single_group", "human_group", "virtual_employee", "real_person"] as const;

export const ChatListItemSchema = v.object({
  id: v.string(),
  name: v.string(),
  description: v.string(),
  type: v.picklist(["private_virtual", "private_human", "group"]),
  chatType: v.picklist(CHAT_KINDS),
  chat_type: v.picklist(CHAT_KINDS),
  is_group: v.boolean(),
  organizationId: v.string(),
  participants: v.array(ParticipantSchema),
  lastMessage: v.nullable(v.string()),
  lastMessageTime: v.nullable(v.string()),
  lastMessageAt: v.nullable(v.string()),
  createdAt: v.string(),
  chatOwnerName: v.nullable(v.string()),
  chatOwnerId: v.string(),
  agentCount: v.number(),
  has_agent: v.boolean(),
  project_id: v.nullable(v.string()),
  project_name: v.nullable(v.string()),
  status: v.literal("active"),
  unread: UnreadCountsSchema,
});

export const AttachmentSchema = v.object({
  id: v.string(),
  fileName: v.string(),
  fileSize: v.number(),
  mimeType: v.string(),
  fileUrl: v.string(),
  thumbnailUrl: v.nullable(v.string()),
  createdAt: v.string(),
});

export const ReactionSummarySchema = v.object({
  emoji: v.string(),
  count: v.number(),
  users: v.array(v.object({ id: v.string(), name: v.string(), isAnonymous: v.boolean() })),
});

export const LikeStateSchema = v.object({ likes: v.number(), dislikes: v.number(), userLiked: v.boolean(), userDisliked: v.boolean() });
/** The counts alone, as the `likes` frame broadcasts them (whether *you* liked is per viewer). */
export const LikeCountsSchema = v.object({ likes: v.number(), dislikes: v.number() });

const MESSAGE_TYPES = ["chat", "user_request", "merged_forward", "system_alert", "status_update", "conversation", "streaming_message", "ai_response"] as const;

export const ChatMessageSchema = v.object({
  id: v.string(),
  seq: v.number(),
  chat_id: v.string(),
  chatType: Stream,
  chat_type: Stream,
  content: v.string(),
  messageType: v.picklist(MESSAGE_TYPES),
  createdAt: v.string(),
  timestamp: v.string(),
  isUserMessage: v.boolean(),
  is_from_ai: v.boolean(),
  sender: v.nullable(v.object({ id: v.string(), name: v.string(), image: v.nullable(v.string()) })),
  virtualSender: v.nullable(v.object({ id: v.string(), name: v.string(), avatarUrl: v.nullable(v.string()) })),
  attachments: v.array(AttachmentSchema),
  replyToMessageId: v.nullable(v.string()),
  replyToMessage: v.nullable(v.object({ id: v.string(), content: v.string(), senderName: v.string() })),
  reactions: v.array(ReactionSummarySchema),
  likes: LikeStateSchema,
  isStreamingMessage: v.boolean(),
  isStreamingComplete: v.boolean(),
  agent_id: v.nullable(v.string()),
});

// ---- Drift checks: each line fails to compile when a schema and its interface differ. ----

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const drift = <T extends true>(ok: T) => ok;
drift<Same<v.InferOutput<typeof UnreadCountsSchema>, UnreadCounts>>(true);
drift<Same<v.InferOutput<typeof ParticipantSchema>, Participant>>(true);
drift<Same<v.InferOutput<typeof ChatListItemSchema>, ChatListItem>>(true);
drift<Same<v.InferOutput<typeof AttachmentSchema>, Attachment>>(true);
drift<Same<v.InferOutput<typeof ReactionSummarySchema>, ReactionSummary>>(true);
drift<Same<v.InferOutput<typeof LikeStateSchema>, LikeState>>(true);
drift<Same<(typeof MESSAGE_TYPES)[number], MessageType>>(true);
drift<Same<v.InferOutput<typeof ChatMessageSchema>, ChatMessage>>(true);
