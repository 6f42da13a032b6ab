import type { StreamKey } from "./types";

/** The composer tabs of spec 02 §9 "Drafts persisted per tab (agent, discuss, human, ask-only)". */
const DRAFT_TAB: Record<StreamKey, string> = { agent: "agent", discuss: "discuss", human: "human", askOnly: "ask-only" };

export function draftKey(chatId: string, stream: StreamKey): string {
  return `chat-draft:${chatId}:${DRAFT_TAB[stream]}`;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function loadDraft(chatId: string, stream: StreamKey): string {
  try {
    return storage()?.getItem(draftKey(chatId, stream)) ?? "";
  } catch {
    return "";
  }
}

/** Saves the draft; an empty draft is removed rather than stored. */
export function saveDraft(chatId: string, stream: StreamKey, text: string): void {
  try {
    const store = storage();
    if (!store) return;
    if (text.trim() === "") store.removeItem(draftKey(chatId, stream));
    else store.setItem(draftKey(chatId, stream), text);
  } catch {
    // Full or blocked storage: the draft just is not remembered.
  }
}

export function clearDraft(chatId: string, stream: StreamKey): void {
  saveDraft(chatId, stream, "");
}
