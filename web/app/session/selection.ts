import { useSyncExternalStore } from "react";

/**
 * The chat and project the user has open. Selecting a chat selects its project; clearing the
 * chat clears both (spec 01 §4). Switching organization and signing out clear it so nothing from
 * the previous organization stays on screen.
 */
export interface Selection {
  chatId: string | null;
  projectId: string | null;
}

let selection: Selection = { chatId: null, projectId: null };
const listeners = new Set<() => void>();

function emit(next: Selection): void {
  selection = next;
  for (const listener of listeners) listener();
}

export function selectChat(chatId: string, projectId: string | null = null): void {
  emit({ chatId, projectId });
}

export function clearSelection(): void {
  if (selection.chatId !== null || selection.projectId !== null) emit({ chatId: null, projectId: null });
}

export function getSelection(): Selection {
  return selection;
}

export function useSelection(): Selection {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => selection,
  );
}
