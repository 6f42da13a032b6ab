import { FORWARD_HISTORY_MAX_BYTES, type ChatMessage } from "../../contract";
import { readableText } from "./message-text";

const PREVIEW_COUNT = 3;
const PREVIEW_CHARS = 50;

interface ForwardedItem {
  id: string;
  content: string;
  senderName: string;
  timestamp: string;
  replyTo?: { senderName: string; content: string };
}

const byteLength = (s: string) => new TextEncoder().encode(s).length;

function itemOf(m: ChatMessage): ForwardedItem {
  const item: ForwardedItem = {
    id: m.id,
    content: readableText(m.messageType, m.content),
    senderName: m.sender?.name ?? m.virtualSender?.name ?? "",
    timestamp: m.createdAt,
  };
  if (m.replyToMessage) item.replyTo = { senderName: m.replyToMessage.senderName, content: m.replyToMessage.content };
  return item;
}

/**
 * The content of a merged_forward message (spec 02 §3). History beyond 102400 bytes keeps the most
 * recent messages, as the spec says; the counts tell the reader how many were left out.
 */
export function mergedForwardContent(messages: ChatMessage[]): string {
  const items = messages.map(itemOf);
  const kept: ForwardedItem[] = [];
  let bytes = 0;
  for (let i = items.length - 1; i >= 0; i -= 1) {
    const size = byteLength(JSON.stringify(items[i]));
    if (bytes + size > FORWARD_HISTORY_MAX_BYTES) break;
    kept.unshift(items[i]!);
    bytes += size;
  }
  return JSON.stringify({
    type: "merged_forward",
    messageCount: kept.length,
    totalOriginalMessages: items.length,
    triggerMessage: "",
    triggerAttachments: messages.flatMap((m) => m.attachments.map((a) => ({ fileName: a.fileName, fileUrl: a.fileUrl, fileSize: a.fileSize }))).slice(0, 20),
    preview: kept
      .slice(0, PREVIEW_COUNT)
      .map((m) => ({ id: m.id, content: m.content.slice(0, PREVIEW_CHARS), senderName: m.senderName, timestamp: m.timestamp })),
    messages: kept,
  });
}
