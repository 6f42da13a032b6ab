/**
 * What a message says, for the places that show or search it as plain text (the chat list's
 * preview, unread notices, the search index). Two kinds of message keep JSON for their card to
 * draw: an agent's step card (status_update) and a forwarded chat history (merged_forward). Their
 * JSON is never shown as text: the card's own line, or the forwarded lines, stand for it.
 */
export function readableText(messageType: string, content: string): string {
  if (messageType !== "status_update" && messageType !== "merged_forward") return content;
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return "";
  }
  return messageType === "status_update" ? cardLine(parsed) : forwardedLines(parsed);
}

function cardLine(card: unknown): string {
  const line = (card as { content?: { display_to_user?: unknown } } | null)?.content?.display_to_user;
  return typeof line === "string" ? line : "";
}

function forwardedLines(history: unknown): string {
  const messages = (history as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(messages)) return "";
  return messages
    .filter((m): m is { senderName?: unknown; content: string } => typeof (m as { content?: unknown } | null)?.content === "string")
    .map((m) => (typeof m.senderName === "string" && m.senderName ? `${m.senderName}: ${m.content}` : m.content))
    .join("\n");
}
