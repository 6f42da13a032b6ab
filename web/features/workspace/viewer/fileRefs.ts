// File references waiting to be sent with the next chat message (spec 03 §2.3 "Add to chat",
// tabs dragged into the chat). The viewer adds them; the chat composer reads and clears them.
import { create } from "zustand";
import type { GitFileStatus } from "../../../../contract/workspace";

export interface FileReference {
  /** Unique within the app session; the composer uses it to remove one chip. */
  id: string;
  chatId: string;
  filePath: string;
  fileName: string;
  itemType: "file" | "directory";
  /** 1-based, inclusive; absent for a whole file. */
  lineRange?: { start: number; end: number };
  isGitFile: boolean;
  status: GitFileStatus | "normal";
  /** The selected text, when the reference is a selection. */
  content?: string;
}

export type NewFileReference = Omit<FileReference, "id">;

/** The drag payload type of a tab dragged onto the composer (JSON of a NewFileReference without chatId). */
export const FILE_REFERENCE_MIME = "application/x-teamchat-file-reference";

/** References of one chat beyond this drop the oldest, so a runaway selection cannot bloat a message. */
export const MAX_REFERENCES_PER_CHAT = 20;

const EMPTY: readonly FileReference[] = Object.freeze([]);
let counter = 0;

/** The references waiting in each chat's composer; a chat without any has no entry. */
export const useFileReferencesStore = create<{ byChat: ReadonlyMap<string, readonly FileReference[]> }>()(() => ({ byChat: new Map() }));

function publish(chatId: string, refs: readonly FileReference[]): void {
  const next = new Map(useFileReferencesStore.getState().byChat);
  if (refs.length) next.set(chatId, refs);
  else next.delete(chatId);
  useFileReferencesStore.setState({ byChat: next });
}

function sameTarget(a: NewFileReference, b: NewFileReference): boolean {
  return a.filePath === b.filePath && a.lineRange?.start === b.lineRange?.start && a.lineRange?.end === b.lineRange?.end;
}

export function getFileReferences(chatId: string): readonly FileReference[] {
  return useFileReferencesStore.getState().byChat.get(chatId) ?? EMPTY;
}

/** Adds a reference to its chat; the same path and line range is kept once (the newer wins). */
export function addFileReference(ref: NewFileReference): FileReference {
  const added: FileReference = { ...ref, id: `ref-${Date.now().toString(36)}-${(counter += 1)}` };
  const current = getFileReferences(ref.chatId).filter((r) => !sameTarget(r, ref));
  publish(ref.chatId, [...current, added].slice(-MAX_REFERENCES_PER_CHAT));
  return added;
}

export function removeFileReference(chatId: string, id: string): void {
  const current = getFileReferences(chatId);
  if (current.some((r) => r.id === id))
    publish(
      chatId,
      current.filter((r) => r.id !== id),
    );
}

/** Clears one chat's references (after sending), or every chat's without an argument. */
export function clearFileReferences(chatId?: string): void {
  if (chatId === undefined) useFileReferencesStore.setState({ byChat: new Map() });
  else if (useFileReferencesStore.getState().byChat.has(chatId)) publish(chatId, EMPTY);
}

export function useFileReferences(chatId: string | null | undefined): readonly FileReference[] {
  return useFileReferencesStore((s) => (chatId ? (s.byChat.get(chatId) ?? EMPTY) : EMPTY));
}

/** `src/app.ts:3-7`, `src/app.ts:3` or `src/app.ts`: the label of a chip and the mention in a message. */
export function formatFileReference(ref: Pick<FileReference, "filePath" | "lineRange">): string {
  if (!ref.lineRange) return ref.filePath;
  const { start, end } = ref.lineRange;
  return `${ref.filePath}:${start === end ? start : `${start}-${end}`}`;
}
