// The text of every open file: what the server last confirmed (the baseline) and what the user
// typed (the draft). Kept outside React so switching tabs keeps unsaved edits (spec 03 §4
// "Editor save": dirty when the content differs from the last saved content).
import { useSyncExternalStore } from "react";

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

export class DocumentStore {
  private docs: ReadonlyMap<string, DocState> = new Map();
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** A new map on every change, so it works as a `useSyncExternalStore` snapshot. */
  snapshot = (): ReadonlyMap<string, DocState> => this.docs;

  get(key: string): DocState | undefined {
    return this.docs.get(key);
  }

  private update(key: string, doc: DocState | null): void {
    const next = new Map(this.docs);
    if (doc) next.set(key, doc);
    else next.delete(key);
    this.docs = next;
    for (const listener of this.listeners) listener();
  }

  /**
   * Content loaded from the server. It replaces a clean document; unsaved edits win over a
   * background reload unless `force` (an explicit refresh, e.g. after a checkout).
   */
  receive(key: string, content: string, force = false): void {
    const doc = this.docs.get(key);
    if (doc && !force && isDirty(doc)) return;
    if (doc && !doc.saving && doc.baseline === content && doc.draft === content) return;
    this.update(key, { baseline: content, draft: content, saving: doc?.saving ?? false, saveError: null });
  }

  edit(key: string, draft: string): void {
    const doc = this.docs.get(key);
    if (!doc || doc.draft === draft) return;
    this.update(key, { ...doc, draft });
  }

  saveStarted(key: string): void {
    const doc = this.docs.get(key);
    if (doc) this.update(key, { ...doc, saving: true });
  }

  /** `content` is what was sent; edits typed during the save stay dirty. */
  saveSucceeded(key: string, content: string): void {
    const doc = this.docs.get(key);
    if (doc) this.update(key, { ...doc, baseline: content, saving: false, saveError: null });
  }

  saveFailed(key: string, reason: string): void {
    const doc = this.docs.get(key);
    if (doc) this.update(key, { ...doc, saving: false, saveError: reason });
  }

  forget(key: string): void {
    if (this.docs.has(key)) this.update(key, null);
  }
}

export const documents = new DocumentStore();

/** The document of one file, re-rendering when it changes. */
export function useDocument(key: string | null): DocState | undefined {
  const docs = useSyncExternalStore(documents.subscribe, documents.snapshot, documents.snapshot);
  return key ? docs.get(key) : undefined;
}

/** All documents, for the tab bar's unsaved dots. */
export function useDocuments(): ReadonlyMap<string, DocState> {
  return useSyncExternalStore(documents.subscribe, documents.snapshot, documents.snapshot);
}
