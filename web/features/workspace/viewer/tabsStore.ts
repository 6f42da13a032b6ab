// The viewer's tabs, shared by the explorer (which opens files) and the viewer (which shows them).
// Spec 03 §4 "Tabs": at most 10, the same path re-activates its tab, closing the active tab
// activates a neighbour, everything resets when the project changes, a refresh flag per tab.
import { useSyncExternalStore } from "react";
import { MAX_TABS } from "../../../../contract/workspace";

export interface OpenFileOptions {
  lineNumber?: number;
  /** Open the side-by-side diff HEAD vs Working Directory. */
  diff?: boolean;
}

export interface ViewerTab {
  id: string;
  type: "file" | "preview";
  /** The file name, or the host of a preview URL. */
  fileName: string;
  /** The path as the opener gave it ('' for a preview tab). */
  filePath: string;
  previewUrl: string | null;
  lineNumber: number | null;
  /** Bumped whenever the tab is asked to reveal its line again, so the editor scrolls even to the same line. */
  revealSeq: number;
  diff: boolean;
  /** Set by a refresh trigger, cleared by the viewer once the content has reloaded. */
  shouldRefresh: boolean;
}

export interface TabsState {
  projectId: string | null;
  tabs: readonly ViewerTab[];
  activeId: string | null;
}

/** Paths from the explorer and from git may differ by a leading `./` or `/`. */
export function normalizePath(path: string): string {
  return path.replace(/\\/g, "/").replace(/^(\.\/|\/)+/, "");
}

export function baseName(path: string): string {
  const parts = normalizePath(path).split("/");
  return parts[parts.length - 1] || path;
}

export const fileTabId = (filePath: string) => `file:${normalizePath(filePath)}`;
export const previewTabId = (url: string) => `preview:${url}`;

function previewName(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

const EMPTY: TabsState = { projectId: null, tabs: [], activeId: null };

export class TabsStore {
  private state: TabsState = EMPTY;
  private readonly listeners = new Set<() => void>();

  getState = (): TabsState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: TabsState): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  /** The viewer shows another project (or none): its tabs start empty. */
  setProject(projectId: string | null): void {
    if (this.state.projectId !== projectId) this.set({ projectId, tabs: [], activeId: null });
  }

  private forProject(projectId: string): TabsState {
    return this.state.projectId === projectId ? this.state : { projectId, tabs: [], activeId: null };
  }

  /** Adds a tab at the end, dropping the oldest when the limit is reached, and activates it. */
  private open(projectId: string, tab: ViewerTab, update: (existing: ViewerTab) => ViewerTab): void {
    const state = this.forProject(projectId);
    const existing = state.tabs.find((t) => t.id === tab.id);
    if (existing) {
      this.set({ ...state, tabs: state.tabs.map((t) => (t === existing ? update(t) : t)), activeId: tab.id });
      return;
    }
    const kept = state.tabs.length >= MAX_TABS ? state.tabs.slice(state.tabs.length - MAX_TABS + 1) : state.tabs;
    this.set({ ...state, tabs: [...kept, tab], activeId: tab.id });
  }

  openFile(projectId: string, filePath: string, opts: OpenFileOptions = {}): void {
    const lineNumber = opts.lineNumber && opts.lineNumber > 0 ? Math.floor(opts.lineNumber) : null;
    const diff = opts.diff === true;
    const tab: ViewerTab = {
      id: fileTabId(filePath),
      type: "file",
      fileName: baseName(filePath),
      filePath,
      previewUrl: null,
      lineNumber,
      revealSeq: 0,
      diff,
      shouldRefresh: false,
    };
    this.open(projectId, tab, (t) => ({ ...t, diff, lineNumber: lineNumber ?? t.lineNumber, revealSeq: lineNumber ? t.revealSeq + 1 : t.revealSeq }));
  }

  openPreview(projectId: string, url: string): void {
    const tab: ViewerTab = {
      id: previewTabId(url),
      type: "preview",
      fileName: previewName(url),
      filePath: "",
      previewUrl: url,
      lineNumber: null,
      revealSeq: 0,
      diff: false,
      shouldRefresh: false,
    };
    // Opening the same service again shows its current page.
    this.open(projectId, tab, (t) => ({ ...t, shouldRefresh: true }));
  }

  activate(tabId: string): void {
    if (this.state.activeId !== tabId && this.state.tabs.some((t) => t.id === tabId)) this.set({ ...this.state, activeId: tabId });
  }

  close(tabId: string): void {
    const { tabs, activeId } = this.state;
    const index = tabs.findIndex((t) => t.id === tabId);
    if (index < 0) return;
    const rest = tabs.filter((t) => t.id !== tabId);
    // The right-hand neighbour takes the closed tab's place; at the end, the left one.
    const nextActive = activeId === tabId ? (rest[index] ?? rest[index - 1] ?? null)?.id ?? null : activeId;
    this.set({ ...this.state, tabs: rest, activeId: nextActive });
  }

  closeOthers(tabId: string): void {
    const keep = this.state.tabs.filter((t) => t.id === tabId);
    if (keep.length) this.set({ ...this.state, tabs: keep, activeId: tabId });
  }

  closeAll(): void {
    this.set({ ...this.state, tabs: [], activeId: null });
  }

  /** After a checkout or a refresh: every open tab reloads its content. */
  refreshOpenFiles(projectId: string): void {
    if (this.state.projectId !== projectId || this.state.tabs.length === 0) return;
    this.set({ ...this.state, tabs: this.state.tabs.map((t) => ({ ...t, shouldRefresh: true })) });
  }

  clearRefresh(tabId: string): void {
    if (!this.state.tabs.some((t) => t.id === tabId && t.shouldRefresh)) return;
    this.set({ ...this.state, tabs: this.state.tabs.map((t) => (t.id === tabId ? { ...t, shouldRefresh: false } : t)) });
  }
}

/** The one store of the app. */
export const viewerTabs = new TabsStore();

export function openFile(projectId: string, filePath: string, opts: OpenFileOptions = {}): void {
  viewerTabs.openFile(projectId, filePath, opts);
}

export function openPreview(projectId: string, url: string): void {
  viewerTabs.openPreview(projectId, url);
}

/** After a checkout or a refresh: open tabs reload their content. */
export function refreshOpenFiles(projectId: string): void {
  viewerTabs.refreshOpenFiles(projectId);
}

/** The tabs of `projectId` (empty while the store still holds another project's tabs). */
export function useViewerTabs(projectId: string | null): TabsState {
  const state = useSyncExternalStore(viewerTabs.subscribe, viewerTabs.getState, viewerTabs.getState);
  return state.projectId === projectId ? state : { projectId, tabs: [], activeId: null };
}
