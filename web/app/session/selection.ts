import { create } from "zustand";

/**
 * The chat and project the user has open. Selecting a chat selects its project; clearing the
 * chat clears both (spec 01 §4). Switching organization and signing out clear it so nothing from
 * the previous organization stays on screen.
 */
export interface Selection {
  chatId: string | null;
  projectId: string | null;
}

export const useSelectionStore = create<Selection>()(() => ({ chatId: null, projectId: null }));

export function selectChat(chatId: string, projectId: string | null = null): void {
  useSelectionStore.setState({ chatId, projectId });
}

export function clearSelection(): void {
  const { chatId, projectId } = useSelectionStore.getState();
  if (chatId !== null || projectId !== null) useSelectionStore.setState({ chatId: null, projectId: null });
}

export function getSelection(): Selection {
  return useSelectionStore.getState();
}

/** Both ids; a component that needs one selects it: `useSelectionStore((s) => s.projectId)`. */
export function useSelection(): Selection {
  const chatId = useSelectionStore((s) => s.chatId);
  const projectId = useSelectionStore((s) => s.projectId);
  return { chatId, projectId };
}
