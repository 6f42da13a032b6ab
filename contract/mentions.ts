import * as v from "valibot";

/** Mention notifications (spec 01 §2 "Mentions notifications", §3, §4, §5, §9; spec 03 §2.7). */

/** Mentions kept per user; older ones are dropped. */
export const MENTIONS_KEPT = 50;
/** The preview is the message cut to this many characters. */
export const MENTION_PREVIEW_CHARS = 50;
/** How long the toast stays, and the length of the sound, in milliseconds. */
export const MENTION_TOAST_MS = 4000;
export const MENTION_SOUND_MS = 300;

export const MentionSchema = v.object({
  id: v.string(),
  timestamp: v.string(),
  read: v.boolean(),
  /** all: @all, @everyone or @here ("@everyone" in the panel); user: this reader by name ("@you"). */
  mentionType: v.picklist(["all", "user"]),
  senderName: v.string(),
  messagePreview: v.string(),
  /** Where the message lives, so opening the entry lands on it. */
  chatId: v.string(),
  chatName: v.string(),
  messageId: v.string(),
  /** 0 discuss, 1 agent, 2 ask-only: the tab holding the message. */
  chatType: v.number(),
});
export type Mention = v.InferOutput<typeof MentionSchema>;

/** `GET /api/mentions`: newest first. */
export interface MentionsAnswer {
  mentions: Mention[];
  unread: number;
}

/** Inbox frame: someone mentioned this user. */
export const MentionFrame = v.object({ type: v.literal("mention"), mention: MentionSchema });

/** Most ids one `POST /api/mentions/read` takes: as many as are ever kept. */
export const MENTION_READ_MAX_IDS = MENTIONS_KEPT;

/** `POST /api/mentions/read`: those mentions, or with no ids every one, become read. */
export const MentionsReadBody = v.object({
  ids: v.optional(v.pipe(v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(200))), v.maxLength(MENTION_READ_MAX_IDS, "Too many mention ids"))),
});
export type MentionsReadBody = v.InferOutput<typeof MentionsReadBody>;

/** The refusal for a mention id that is not the caller's (or no longer kept). */
export const MENTION_NOT_FOUND = "Mention not found";
