/** Spec 02 §3 "Merged-forward content", as carried in a merged_forward message's content. */
export interface MergedForwardContent {
  type: "merged_forward";
  messageCount: number;
  totalOriginalMessages: number | null;
  triggerMessage: string | null;
  triggerAttachments: { fileName: string; fileUrl: string; fileSize: number }[];
  preview: { id: string; content: string; senderName: string; timestamp: string | null }[];
  messages: { id: string; content: string; senderName: string; timestamp: string | null; replyTo: { senderName: string; content: string } | null }[];
}

export const MERGED_PREVIEW_COUNT = 3;
export const MERGED_PREVIEW_CHARS = 50;

function text(value: unknown): string {
  return typeof value === "string" ? value : value == null ? "" : String(value);
}

function record(value: unknown): Record<string, unknown> | null {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** Parses the JSON; null for anything else (an unparsable card renders nothing, spec 02 §8). */
export function parseMergedForward(content: string): MergedForwardContent | null {
  let raw: unknown;
  try {
    raw = JSON.parse(content);
  } catch {
    return null;
  }
  const body = record(raw);
  if (!body || body.type !== "merged_forward") return null;
  const messages = (Array.isArray(body.messages) ? body.messages : [])
    .map(record)
    .filter((m): m is Record<string, unknown> => m !== null)
    .map((m) => {
      const reply = record(m.replyTo);
      return {
        id: text(m.id),
        content: text(m.content),
        senderName: text(m.senderName),
        timestamp: typeof m.timestamp === "string" ? m.timestamp : null,
        replyTo: reply ? { senderName: text(reply.senderName), content: text(reply.content) } : null,
      };
    });
  const rawPreview = Array.isArray(body.preview) ? body.preview.map(record).filter((p): p is Record<string, unknown> => p !== null) : [];
  const preview = (rawPreview.length ? rawPreview : messages).slice(0, MERGED_PREVIEW_COUNT).map((p) => ({
    id: text(p.id),
    content: text(p.content).slice(0, MERGED_PREVIEW_CHARS),
    senderName: text(p.senderName),
    timestamp: typeof p.timestamp === "string" ? p.timestamp : null,
  }));
  const attachments = (Array.isArray(body.triggerAttachments) ? body.triggerAttachments : [])
    .map(record)
    .filter((a): a is Record<string, unknown> => a !== null);
  return {
    type: "merged_forward",
    messageCount: typeof body.messageCount === "number" ? body.messageCount : messages.length,
    totalOriginalMessages: typeof body.totalOriginalMessages === "number" ? body.totalOriginalMessages : null,
    triggerMessage: typeof body.triggerMessage === "string" && body.triggerMessage.trim() ? body.triggerMessage : null,
    triggerAttachments: attachments.map((a) => ({
      fileName: text(a.fileName),
      fileUrl: text(a.fileUrl),
      fileSize: typeof a.fileSize === "number" ? a.fileSize : 0,
    })),
    preview,
    messages,
  };
}

/** First and last timestamps of the history, for the modal's date range. */
export function historyRange(content: MergedForwardContent): { from: string; to: string } | null {
  const times = content.messages.map((m) => m.timestamp).filter((t): t is string => !!t && !Number.isNaN(Date.parse(t)));
  if (times.length === 0) return null;
  times.sort((a, b) => Date.parse(a) - Date.parse(b));
  return { from: times[0]!, to: times[times.length - 1]! };
}
