// The text of every open file: what the server last confirmed (the baseline) and what the user
// typed (the draft). Kept outside React so switching tabs keeps unsaved edits (spec 03 §4
// "Editor save": dirty when the content differs from the last saved content).
import { create } from "zustand";

export interface DocState {
  baseline: string;
  draft: string;
  saving: boolean;
  /** The reason of the last failed save, cleared by the next success. */
  saveError: string | null;
}

export type SaveState = "saved" | "dirty" | "saving" | "error";

export const docKey = (projectId: string, filePath: string) => `${projectId}\u0000${filePath}`;

export function isDirty(doc: DocState | undefined): boolean {
  return !!doc && doc.draft !== doc.baseline;
}

export function saveState(doc: DocState | undefined): SaveState {
  if (!doc) return "saved";
  if (doc.saving) return "saving";
  if (doc.saveError && isDirty(doc)) return "error";
  return isDirty(doc) ? "dirty" : "saved";
}

export interface DocumentsStore {
  /** A new map on every change, so a selector sees the change. */
  docs: ReadonlyMap<string, DocState>;
  get(key: string): DocState | undefined;
  /**
   * Content loaded from the server. It replaces a clean document; unsaved edits win over a
   * background reload unless `force` (an explicit refresh, e.g. after a checkout).
   */
  receive(key: string, content: string, force?: boolean): void;
  edit(key: string, draft: string): void;
  saveStarted(key: string): void;
  /** `content` is what was sent; edits typed during the save stay dirty. */
  saveSucceeded(key: string, content: string): void;
  saveFailed(key: string, reason: string): void;
  forget(key: string): void;
}

/** A documents store; the app has one (`useDocumentsStore`), tests make their own. */
export const createDocumentsStore = () =>
  create<DocumentsStore>()((set, get) => {
    const update = (key: string, doc: DocState | null): void => {
      const next = new Map(get().docs);
      if (doc) next.set(key, doc);
      else next.delete(key);
      set({ docs: next });
    };
    const find = (key: string) => get().docs.get(key);

    return {
      docs: new Map(),
      get: find,

      receive(key, content, force = false) {
        const doc = find(key);
        if (doc && !force && isDirty(doc)) return;
        if (doc && !doc.saving && doc.baseline === content && doc.draft === content) return;
        update(key, { baseline: content, draft: content, saving: doc?.saving ?? false, saveError: null });
      },

      edit(key, draft) {
        const doc = find(key);
        if (doc && doc.draft !== draft) update(key, { ...doc, draft });
      },

      saveStarted(key) {
        const doc = find(key);
        if (doc) update(key, { ...doc, saving: true });
      },

      saveSucceeded(key, content) {
        const doc = find(key);
        if (doc) update(key, { ...doc, baseline: content, saving: false, saveError: null });
      },

      saveFailed(key, reason) {
        const doc = find(key);
        if (doc) update(key, { ...doc, saving: false, saveError: reason });
      },

      forget(key) {
        if (get().docs.has(key)) update(key, null);
      },
    };
  });

/** The text of every open file: components select a document, other code calls `getState()`. */
export const useDocumentsStore = createDocumentsStore();
