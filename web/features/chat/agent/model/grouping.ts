import type { UiMessage } from "../../model/types";
import { parsePermissionRequest } from "./cards";

const AGENT_TYPES = new Set(["ai_response", "streaming_message", "status_update", "system_alert", "conversation"]);

/** What the agent wrote for a request: replies, status lines and alerts (not the owner's permission cards). */
export function isAgentOutput(message: UiMessage): boolean {
  if (!message.is_from_ai && !AGENT_TYPES.has(message.messageType)) return false;
  return parsePermissionRequest(message.content) === null;
}

export interface ReplyGroups {
  /** The rows to show, with the replies of collapsed requests left out. */
  visible: UiMessage[];
  /** Request id → how many agent rows follow it. */
  counts: Map<string, number>;
}

/**
 * Spec 02 §2.13: in the agent tab the agent's output is grouped under the user message before it,
 * and a collapsed group hides it. Output with no user message before it stays on its own.
 */
export function groupReplies(messages: readonly UiMessage[], collapsed: ReadonlySet<string>): ReplyGroups {
  const visible: UiMessage[] = [];
  const counts = new Map<string, number>();
  let head: string | null = null;
  for (const message of messages) {
    if (!isAgentOutput(message)) {
      // Permission cards and other non-user rows do not start a group, nor end one.
      if (message.isUserMessage) head = message.id;
      visible.push(message);
      continue;
    }
    if (head) counts.set(head, (counts.get(head) ?? 0) + 1);
    if (!head || !collapsed.has(head)) visible.push(message);
  }
  return { visible, counts };
}

/** A stable text for the counts, so the list's context changes only when a group does. */
export function countsKey(counts: ReadonlyMap<string, number>): string {
  let key = "";
  for (const [id, count] of counts) key += `${id}:${count};`;
  return key;
}
