/** A forwarding target (spec 02 §3 "Recipient for forwarding" / "Forward target"). */
export interface ForwardRecipient {
  id: string;
  name: string;
  kind: "group" | "virtual_employee" | "user";
  avatarUrl: string | null;
  /** Role, description or e-mail: the second line of the row. */
  detail: string | null;
  /** Users only: a friend rather than a member of the same organization. */
  isFriend?: boolean;
}

export const FORWARD_SUMMARY_COUNT = 6;

/** Spec 02 §5: private when every recipient is an individual, otherwise group. */
export function forwardMessageType(recipients: readonly Pick<ForwardRecipient, "kind">[]): "private" | "group" {
  return recipients.every((r) => r.kind !== "group") ? "private" : "group";
}

export function forwardBody(messageIds: readonly string[], recipients: readonly ForwardRecipient[], sourceChatId: string) {
  return {
    messageIds: [...messageIds],
    recipients: recipients.map((r) => ({ id: r.id, type: r.kind })),
    messageType: forwardMessageType(recipients),
    sourceChatId,
  };
}

export function filterRecipients(list: readonly ForwardRecipient[], query: string): ForwardRecipient[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...list];
  return list.filter((r) => r.name.toLowerCase().includes(needle) || (r.detail ?? "").toLowerCase().includes(needle));
}

/** The dialog lists the first 6 messages, then 'and N more'. */
export function forwardSummary<T>(messages: readonly T[]): { shown: T[]; more: number } {
  return { shown: messages.slice(0, FORWARD_SUMMARY_COUNT), more: Math.max(0, messages.length - FORWARD_SUMMARY_COUNT) };
}
