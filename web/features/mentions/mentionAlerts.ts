import type { TFunction } from "i18next";
import { toast } from "../../ui/toast";
import { MENTION_TOAST_MS, MENTIONS_KEPT, type Mention } from "../../../contract";
import { jumpToMessage } from "../../app/session/jump";
import { isViewingTab } from "../../app/session/viewing";
import { addArrivedMention, markMentionsRead } from "./mentionsCache";
import { playMentionSound } from "./mentionSound";

/** One toast per mention, so a repeated frame does not stack a second one. */
export const mentionToastId = (id: string) => `mention:${id}`;

/** Mentions this tab already alerted about (a frame can arrive twice after a reconnect): no second chime. Bounded, oldest dropped. */
const alerted = new Set<string>();
function firstAlert(id: string): boolean {
  if (alerted.has(id)) return false;
  alerted.add(id);
  if (alerted.size > MENTIONS_KEPT) alerted.delete(alerted.values().next().value!);
  return true;
}

/**
 * Opens a mention: it counts as read (a failure to record that must not keep the user from the
 * message; the client already said why) and the chat opens on the message.
 */
export function openMention(mention: Mention): void {
  if (!mention.read) void markMentionsRead([mention.id], { silent: true }).catch(() => {});
  jumpToMessage({ chatId: mention.chatId, messageId: mention.messageId, chatType: mention.chatType });
}

/** The sentence a toast says: who mentioned whom, and where. */
export function mentionHeadline(mention: Mention, t: TFunction): string {
  const key = mention.mentionType === "all" ? "mentions.toastEveryone" : "mentions.toastYou";
  return t(key, { name: mention.senderName, chat: mention.chatName });
}

/**
 * A mention frame from the inbox: it joins the list; unless the user is looking at that very chat
 * tab (then it is read as it arrives), a toast names it for 4 s with a way to open it, and a short
 * chime plays.
 */
export function receiveMention(mention: Mention, t: TFunction): void {
  void addArrivedMention(mention);
  if (mention.read || !firstAlert(mention.id)) return;
  if (isViewingTab(mention.chatId, mention.chatType)) {
    void markMentionsRead([mention.id], { silent: true }).catch(() => {});
    return;
  }
  toast.info(mentionHeadline(mention, t), {
    id: mentionToastId(mention.id),
    description: mention.messagePreview,
    duration: MENTION_TOAST_MS,
    testId: "mention-toast",
    action: { label: t("mentions.view"), onClick: () => openMention(mention) },
  });
  void playMentionSound();
}
