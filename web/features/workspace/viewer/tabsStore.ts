// The viewer's tabs, shared by the explorer (which opens files) and the viewer (which shows them).
// Spec 03 §4 "Tabs": at most 10, the same path re-activates its tab, closing the active tab
// activates a neighbour, everything resets when the project changes, a refresh flag per tab.
import { create } from "zustand";
import { MAX_TABS } from "../../../../contract/workspace";

export interface OpenFileOptions {
  lineNumber?: number;
  /** With `lineNumber`: the match to select in that line (0-based column and length, UTF-16 units). */
  column?: number;
  matchLength?: number;
  /** Open the side-by-side diff HEAD vs Working Directory. */
  diff?: boolean;
}

export interface ViewerTab {
  id: string;
  /** `analysis`: the file analysis viewer of `filePath` (spec 03 §2.4), beside the file's own tab. */
  type: "file" | "preview" | "analysis";
  /** The file name, or the host of a preview URL. */
  fileName: string;
  /** The path as the opener gave it ('' for a preview tab). */
  filePath: string;
  previewUrl: string | null;
  lineNumber: number | null;
  /** The part of `lineNumber` to select; null selects the whole line. */
  match: { column: number; length: number } | null;
  /** Bumped whenever the tab is asked to reveal its line again, so the editor scrolls even to the same line. */
  revealSeq: number;
  diff: boolean;
  /** Set by a refresh trigger, cleared by the viewer once the content has reloaded. */
  shouldRefresh: boolean;
  /** Bumped by every trigger, so one that arrives while a reload runs reloads again. */
  refreshSeq: number;
  /**
   * The pending refresh comes from a change on disk (the agent), not from the user: unsaved edits
   * are kept, and the tab notes the change instead of replacing them.
   */
  keepEdits: boolean;
  /** The file changed on disk while it had unsaved edits; the viewer offers to reload it. */
  changedOnDisk: boolean;
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
export const analysisTabId = (filePath: string) => `analysis:${normalizePath(filePath)}`;

function previewName(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

const EMPTY: TabsState = { projectId: null, tabs: [], activeId: null };
const NO_REFRESH = { shouldRefresh: false, refreshSeq: 0, keepEdits: false, changedOnDisk: false } as const;

function refreshed(tab: ViewerTab, keepEdits: boolean): ViewerTab {
  return { ...tab, shouldRefresh: true, refreshSeq: tab.refreshSeq + 1, keepEdits };
}

export interface TabsActions {
  /** The viewer shows another project (or none): its tabs start empty. */
  setProject(projectId: string | null): void;
  openFile(projectId: string, filePath: string, opts?: OpenFileOptions): void;
  openPreview(projectId: string, url: string): void;
  /** Opens (or activates) the analysis viewer of a file. */
  openAnalysis(projectId: string, filePath: string): void;
  activate(tabId: string): void;
  close(tabId: string): void;
  closeOthers(tabId: string): void;
  closeAll(): void;
  /** After a checkout or a refresh: every open tab reloads its content. */
  refreshOpenFiles(projectId: string): void;
  /**
   * Files changed on disk (the agent wrote them): tabs of those paths, or of files inside those
   * folders, reload, keeping unsaved edits. `gitChanged` (a commit) also reloads every diff tab.
   */
  filesChanged(projectId: string, paths: readonly string[], gitChanged?: boolean): void;
  /** Clears the refresh flag, unless another trigger came after the reload `seq` answered. */
  clearRefresh(tabId: string, seq?: number): void;
  setChangedOnDisk(tabId: string, changed: boolean): void;
}

export type TabsStore = TabsState & TabsActions;

/** A tabs store; the app has one (`useTabsStore`), tests make their own. */
export const createTabsStore = () =>
  create<TabsStore>()((set, get) => {
    const forProject = (projectId: string): TabsState => {
      const state = get();
      return state.projectId === projectId ? state : { projectId, tabs: [], activeId: null };
    };

    /** Adds a tab at the end, dropping the oldest when the limit is reached, and activates it. */
    const open = (projectId: string, tab: ViewerTab, update: (existing: ViewerTab) => ViewerTab): void => {
      const state = forProject(projectId);
      const existing = state.tabs.find((t) => t.id === tab.id);
      if (existing) {
        set({ projectId, tabs: state.tabs.map((t) => (t === existing ? update(t) : t)), activeId: tab.id });
        return;
      }
      const kept = state.tabs.length >= MAX_TABS ? state.tabs.slice(state.tabs.length - MAX_TABS + 1) : state.tabs;
      set({ projectId, tabs: [...kept, tab], activeId: tab.id });
    };

    return {
      ...EMPTY,

      setProject(projectId) {
        if (get().projectId !== projectId) set({ projectId, tabs: [], activeId: null });
      },

      openFile(projectId, filePath, opts = {}) {
        const lineNumber = opts.lineNumber && opts.lineNumber > 0 ? Math.floor(opts.lineNumber) : null;
        const match =
          lineNumber && opts.column !== undefined && opts.column >= 0
            ? { column: Math.floor(opts.column), length: Math.max(0, Math.floor(opts.matchLength ?? 0)) }
            : null;
        const diff = opts.diff === true;
        const tab: ViewerTab = {
          id: fileTabId(filePath),
          type: "file",
          fileName: baseName(filePath),
          filePath,
          previewUrl: null,
          lineNumber,
          match,
          revealSeq: 0,
          diff,
          ...NO_REFRESH,
        };
        open(projectId, tab, (t) => (lineNumber ? { ...t, diff, lineNumber, match, revealSeq: t.revealSeq + 1 } : { ...t, diff }));
      },

      openPreview(projectId, url) {
        const tab: ViewerTab = {
          id: previewTabId(url),
          type: "preview",
          fileName: previewName(url),
          filePath: "",
          previewUrl: url,
          lineNumber: null,
          match: null,
          revealSeq: 0,
          diff: false,
          ...NO_REFRESH,
        };
        // Opening the same service again shows its current page.
        open(projectId, tab, (t) => refreshed(t, false));
      },

      openAnalysis(projectId, filePath) {
        const tab: ViewerTab = {
          id: analysisTabId(filePath),
          type: "analysis",
          fileName: baseName(filePath),
          filePath,
          previewUrl: null,
          lineNumber: null,
          match: null,
          revealSeq: 0,
          diff: false,
          ...NO_REFRESH,
        };
        open(projectId, tab, (t) => t);
      },

      activate(tabId) {
        const { activeId, tabs } = get();
        if (activeId !== tabId && tabs.some((t) => t.id === tabId)) set({ activeId: tabId });
      },

      close(tabId) {
        const { tabs, activeId } = get();
        const index = tabs.findIndex((t) => t.id === tabId);
        if (index < 0) return;
        const rest = tabs.filter((t) => t.id !== tabId);
        // The right-hand neighbour takes the closed tab's place; at the end, the left one.
        const nextActive = activeId === tabId ? ((rest[index] ?? rest[index - 1] ?? null)?.id ?? null) : activeId;
        set({ tabs: rest, activeId: nextActive });
      },

      closeOthers(tabId) {
        const keep = get().tabs.filter((t) => t.id === tabId);
        if (keep.length) set({ tabs: keep, activeId: tabId });
      },

      closeAll() {
        set({ tabs: [], activeId: null });
      },

      refreshOpenFiles(projectId) {
        const { projectId: shown, tabs } = get();
        if (shown !== projectId || tabs.length === 0) return;
        set({ tabs: tabs.map((t) => refreshed(t, false)) });
      },

      filesChanged(projectId, paths, gitChanged = false) {
        const { projectId: shown, tabs } = get();
        if (shown !== projectId) return;
        const changed = paths.map(normalizePath).filter(Boolean);
        const touches = (t: ViewerTab) => {
          if (t.type !== "file") return false;
          const path = normalizePath(t.filePath);
          return (gitChanged && t.diff) || changed.some((p) => path === p || path.startsWith(`${p}/`));
        };
        if (!tabs.some(touches)) return;
        // A pending user refresh stays one (it may replace edits); an agent change never does.
        set({ tabs: tabs.map((t) => (touches(t) ? refreshed(t, !t.shouldRefresh || t.keepEdits) : t)) });
      },

      clearRefresh(tabId, seq) {
        const { tabs } = get();
        if (!tabs.some((t) => t.id === tabId && t.shouldRefresh && (seq === undefined || t.refreshSeq === seq))) return;
        set({ tabs: tabs.map((t) => (t.id === tabId ? { ...t, shouldRefresh: false, keepEdits: false } : t)) });
      },

      setChangedOnDisk(tabId, changed) {
        const { tabs } = get();
        if (!tabs.some((t) => t.id === tabId && t.changedOnDisk !== changed)) return;
        set({ tabs: tabs.map((t) => (t.id === tabId ? { ...t, changedOnDisk: changed } : t)) });
      },
    };
  });

/** The viewer's one tabs store: components select slices, other code calls `getState()`. */
export const useTabsStore = createTabsStore();

export function openFile(projectId: string, filePath: string, opts: OpenFileOptions = {}): void {
  useTabsStore.getState().openFile(projectId, filePath, opts);
}

export function openPreview(projectId: string, url: string): void {
  useTabsStore.getState().openPreview(projectId, url);
}

export function openAnalysis(projectId: string, filePath: string): void {
  useTabsStore.getState().openAnalysis(projectId, filePath);
}

/** After a checkout or a refresh: open tabs reload their content. */
export function refreshOpenFiles(projectId: string): void {
  useTabsStore.getState().refreshOpenFiles(projectId);
}

/** The agent changed files: their tabs reload, keeping unsaved edits. */
export function filesChanged(projectId: string, paths: readonly string[], gitChanged = false): void {
  useTabsStore.getState().filesChanged(projectId, paths, gitChanged);
}

const NO_TABS: readonly ViewerTab[] = Object.freeze([]);

/** The tabs of `projectId` (empty while the store still holds another project's tabs). */
export function useViewerTabs(projectId: string | null): TabsState {
  const shown = useTabsStore((s) => s.projectId === projectId);
  const tabs = useTabsStore((s) => s.tabs);
  const activeId = useTabsStore((s) => s.activeId);
  return shown ? { projectId, tabs, activeId } : { projectId, tabs: NO_TABS, activeId: null };
}
