import * as v from "valibot";
import { nameSchema } from "./names";
import { Id } from "./organizations";

/** The three streams of a chat (spec 02 §1): 0 discussion, 1 agent, 2 ask-only (per user). */
export const CHAT_TYPES = [0, 1, 2] as const;
export type ChatStream = (typeof CHAT_TYPES)[number];
export const STREAM_DISCUSS = 0;
export const STREAM_AGENT = 1;
export const STREAM_ASK = 2;

export type ChatKind = "single_group" | "human_group" | "virtual_employee" | "real_person";
export type ChatListType = "private_virtual" | "private_human" | "group";
export type CpRole = "owner" | "presenter" | "member";
export type ParticipantType = "user" | "virtual_employee";

export const MAX_VIRES_PER_GROUP = 1;
export const MESSAGE_PAGE_SIZE = 20;
export const MESSAGE_TEXT_MAX = 20_000;
export const GROUP_NAME_MAX = 100;
export const ATTACHMENT_MAX_BYTES = 52_428_800;

/**
 * Spec 02 §5: every extension a message may carry, in the order the refusal lists them. HTML is ours
 * on top of the spec's list: it is stored as an opaque download and previewed only in a frame
 * sandboxed without scripts (worker/lib/file-content-type.ts, web/ui/preview/SandboxedHtml.tsx).
 */
export const ATTACHMENT_EXTENSIONS: readonly string[] = [
  "jpg",
  "jpeg",
  "png",
  "gif",
  "webp",
  "svg",
  "mp4",
  "webm",
  "avi",
  "mov",
  "pdf",
  "txt",
  "md",
  "markdown",
  "doc",
  "docx",
  "xls",
  "xlsx",
  "csv",
  "html",
  "htm",
  "ppt",
  "pptx",
  "zip",
  "rar",
  "7z",
  "mp3",
  "wav",
  "ogg",
  "aac",
];
/** Other spellings of the same types: accepted, but not listed as types of their own in the composer. */
export const ATTACHMENT_EXTENSION_ALIASES: Readonly<Record<string, string>> = { jpeg: "jpg", markdown: "md", htm: "html" };
/** The distinct types, for the composer's hint. */
export const ATTACHMENT_TYPES: readonly string[] = ATTACHMENT_EXTENSIONS.filter((ext) => !(ext in ATTACHMENT_EXTENSION_ALIASES));
export const FORWARD_HISTORY_MAX_BYTES = 102_400;
export const REACTION_EMOJIS = ["👍", "❤️", "😂", "😮", "😢", "😠", "🎉", "🔥"] as const;

export interface Participant {
  id: string;
  name: string;
  email: string | null;
  type: "user" | "virtual_employee";
  isCurrentUser: boolean;
  role: string | null;
  cpRole: CpRole;
  participantRole: CpRole;
  image: string | null;
  avatarUrl: string | null;
  isAI: boolean;
  agentType: string | null;
  description: string | null;
}

export interface UnreadCounts {
  total: number;
  agent: number;
  human: number;
  lastReadAt: string | null;
}

/** A row of the chat list (spec 02 §3 "Chat list item"), also `GET /api/chats/{chatId}`. */
export interface ChatListItem {
  id: string;
  name: string;
  description: string;
  type: ChatListType;
  chatType: ChatKind;
  chat_type: ChatKind;
  is_group: boolean;
  organizationId: string;
  participants: Participant[];
  lastMessage: string | null;
  lastMessageTime: string | null;
  lastMessageAt: string | null;
  createdAt: string;
  chatOwnerName: string | null;
  chatOwnerId: string;
  agentCount: number;
  has_agent: boolean;
  project_id: string | null;
  project_name: string | null;
  status: "active";
  unread: UnreadCounts;
}

export interface Attachment {
  id: string;
  fileName: string;
  fileSize: number;
  mimeType: string;
  fileUrl: string;
  thumbnailUrl: string | null;
  createdAt: string;
}

export interface ReactionSummary {
  emoji: string;
  count: number;
  users: { id: string; name: string; isAnonymous: boolean }[];
}

export interface LikeState {
  likes: number;
  dislikes: number;
  userLiked: boolean;
  userDisliked: boolean;
}

export type MessageType = "chat" | "user_request" | "merged_forward" | "system_alert" | "status_update" | "conversation" | "streaming_message" | "ai_response";

/** A stored message as every client receives it (spec 02 §3 "Message"). */
export interface ChatMessage {
  id: string;
  seq: number;
  chat_id: string;
  chatType: ChatStream;
  chat_type: ChatStream;
  content: string;
  messageType: MessageType;
  createdAt: string;
  timestamp: string;
  isUserMessage: boolean;
  is_from_ai: boolean;
  sender: { id: string; name: string; image: string | null } | null;
  virtualSender: { id: string; name: string; avatarUrl: string | null } | null;
  attachments: Attachment[];
  replyToMessageId: string | null;
  replyToMessage: { id: string; content: string; senderName: string } | null;
  reactions: ReactionSummary[];
  likes: LikeState;
  /** True for an agent reply; false once its streaming is complete (spec 02 §3). */
  isStreamingMessage: boolean;
  isStreamingComplete: boolean;
  /** The VIRE that wrote an agent reply. */
  agent_id: string | null;
}

export interface MessagesPage {
  messages: ChatMessage[];
  pagination: { hasMore: boolean; nextCursor: string | null };
}

// ---- Request bodies ----

export const ParticipantRef = v.object({
  id: Id,
  type: v.picklist(["user", "virtual_employee"], "type must be user or virtual_employee"),
  role: v.optional(v.picklist(["member"])),
});

export const GroupName = nameSchema({
  label: "Group name",
  max: GROUP_NAME_MAX,
  required: "Please enter group name to continue",
  tooLong: `Group name must be at most ${GROUP_NAME_MAX} characters`,
});

export const CreateGroupBody = v.object({
  name: GroupName,
  description: v.optional(v.pipe(v.string(), v.maxLength(1000, "Description is too long")), ""),
  participants: v.pipe(v.array(ParticipantRef), v.minLength(1, "Please select at least one member"), v.maxLength(500, "Too many members")),
});

export const RenameGroupBody = v.object({ name: GroupName });

export const PrivateChatBody = v.object({
  participantId: Id,
  participantType: v.picklist(["user", "virtual_employee"], "participantType must be user or virtual_employee"),
  organizationId: v.optional(Id),
});

export const ParticipantsBody = v.object({
  participantIds: v.pipe(v.array(Id), v.minLength(1, "Please select members"), v.maxLength(500, "Too many members")),
  participantType: v.picklist(["user", "virtual_employee"], "participantType must be user or virtual_employee"),
});

export const MarkReadBody = v.object({
  chatId: Id,
  is_agent_msg: v.optional(v.picklist([0, 1], "is_agent_msg must be 0 or 1"), 1),
});

export const MessagesQuery = v.object({
  limit: v.optional(v.pipe(v.string(), v.toNumber(), v.integer("limit must be a whole number"), v.minValue(1), v.maxValue(100)), "20"),
  chat_type: v.optional(v.pipe(v.string(), v.toNumber(), v.picklist(CHAT_TYPES, "chat_type must be 0, 1 or 2"))),
  before: v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/, "Invalid cursor"))),
  /** `true`: the discussion messages not yet handed to the agent (spec 02 §7). */
  unnotified_discuss: v.optional(v.picklist(["true", "false"])),
  codingProjectId: v.optional(v.pipe(v.string(), v.maxLength(64))),
});

/** `POST /api/group-chats/{chatId}/discuss-to-agent`: the controller forwards discussion messages (all unnotified when omitted). */
export const DiscussToAgentBody = v.object({
  messageIds: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(80))), v.maxLength(100, "Too many messages"))),
});

export const ReactionBody = v.object({ emoji: v.picklist(REACTION_EMOJIS, "Unsupported reaction") });
export const DislikeBody = v.object({
  reason: v.optional(v.pipe(v.string(), v.maxLength(200)), ""),
  detailedReason: v.optional(v.pipe(v.string(), v.maxLength(2000)), ""),
});

export const ForwardBody = v.object({
  messageIds: v.pipe(v.array(Id), v.minLength(1, "Please select messages to forward"), v.maxLength(200, "Too many messages")),
  recipients: v.pipe(
    v.array(v.object({ id: Id, type: v.picklist(["individual", "group", "user", "virtual_employee"]) })),
    v.minLength(1, "Please select at least one recipient"),
    v.maxLength(50, "Too many recipients"),
  ),
  messageType: v.picklist(["private", "group"]),
  sourceChatId: v.optional(Id),
});

/** The invitee e-mail pattern of spec 01 §5: a local part of 8 to 32 characters, then a domain. */
export const INVITE_EMAIL_PATTERN = /^[A-Za-z0-9_.-]{8,32}@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
// Missing fields default to "" so the spec's own words, not valibot's missing-key text, reach the user.
export const GroupInviteBody = v.object({
  inviteeEmail: v.pipe(
    v.optional(v.string("Please enter a valid email address."), ""),
    v.trim(),
    v.regex(INVITE_EMAIL_PATTERN, "Please enter a valid email address."),
  ),
  chatId: v.pipe(v.optional(v.string("No chat specified for invitation."), ""), v.minLength(1, "No chat specified for invitation."), v.maxLength(64)),
});

export interface GroupInvite {
  id: string;
  invitee_email: string;
  status: "pending" | "accepted" | "declined" | "expired" | "revoked";
  created_at: string;
  expires_at: string;
  invite_code: string;
  chat_name: string;
  chatId: string;
}
