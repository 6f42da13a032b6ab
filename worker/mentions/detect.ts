import { and, eq } from "drizzle-orm";
import { STREAM_ASK, mentionPreview, parseMentions, type MentionCandidate, type MentionParse } from "../../contract";
import type { Env } from "../env";
import { getDb } from "../db/client";
import { chat, chatParticipant, user } from "../db/schema";
import { inboxStub } from "../rooms/stubs";
import type { MentionInput } from "./store";

/** A message a member just sent, as mention detection reads it. */
export interface SentMessage {
  chatId: string;
  messageId: string;
  /** 0 discuss, 1 agent, 2 ask-only. */
  stream: number;
  senderId: string;
  senderName: string;
  text: string;
  createdAt: number;
  seq: number;
}

/** The chat as it stands in D1 now: its people (the source of truth for membership) and its name. */
export interface MentionScope {
  kind: string;
  name: string;
  humans: MentionCandidate[];
}

/** Only these can hold a mention; anything else is skipped without a D1 read. */
export function mayMention(message: Pick<SentMessage, "stream" | "text">): boolean {
  // Nobody but its author sees an ask-only stream, so a mention there would lead others nowhere.
  return message.stream !== STREAM_ASK && message.text.includes("@");
}

/** The chat's current human members with their names and usernames; null once the chat is gone. */
export async function mentionScope(env: Env, chatId: string): Promise<MentionScope | null> {
  const rows = await getDb(env.DB)
    .select({ id: user.id, name: user.name, username: user.username, kind: chat.kind, chatName: chat.name })
    .from(chatParticipant)
    .innerJoin(chat, eq(chat.id, chatParticipant.chatId))
    .innerJoin(user, eq(user.id, chatParticipant.participantId))
    .where(and(eq(chatParticipant.chatId, chatId), eq(chatParticipant.participantType, "user")));
  const first = rows[0];
  if (!first) return null;
  return { kind: first.kind, name: first.chatName, humans: rows.map((r) => ({ id: r.id, name: r.name, username: r.username })) };
}

/**
 * Who gets a notification: the human members named, or with a mention-all every human member; never
 * the sender, never someone who is not a member now. Each with how they were mentioned.
 */
export function recipientsOf(parsed: MentionParse, scope: MentionScope, senderId: string): Map<string, MentionInput["mentionType"]> {
  const named = new Set(parsed.ids);
  const out = new Map<string, MentionInput["mentionType"]>();
  for (const h of scope.humans) {
    if (h.id === senderId) continue;
    // Named directly reads as "@you" even when the message also says @all.
    if (named.has(h.id)) out.set(h.id, "user");
    else if (parsed.all) out.set(h.id, "all");
  }
  return out;
}

/** Stores and announces the mention in each recipient's inbox; one failing inbox never stops the others. */
export async function deliverMentions(
  env: Env,
  message: SentMessage,
  scope: MentionScope,
  recipients: Map<string, MentionInput["mentionType"]>,
): Promise<void> {
  if (recipients.size === 0) return;
  // A private chat is named after the other person: for the recipient, that is the sender.
  const chatName = scope.kind === "real_person" ? message.senderName : scope.name;
  const base = {
    chatId: message.chatId,
    chatName,
    messageId: message.messageId,
    chatType: message.stream,
    senderName: message.senderName,
    messagePreview: mentionPreview(message.text),
    createdAt: message.createdAt,
    seq: message.seq,
  };
  const results = await Promise.allSettled([...recipients].map(([userId, mentionType]) => inboxStub(env, userId).addMention({ ...base, mentionType })));
  for (const r of results) if (r.status === "rejected") console.error("mention delivery failed", r.reason);
}

/** Parses a sent message against the chat's people (humans from D1, plus `others` such as its VIRE). */
export function parseSent(message: SentMessage, scope: MentionScope, others: MentionCandidate[]): MentionParse {
  return parseMentions(message.text, [...scope.humans, ...others]);
}
