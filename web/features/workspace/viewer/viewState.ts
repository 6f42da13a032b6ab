// Where the editor was in each file (spec 03 §7.6 "editor view states", §8, §9): cursor, selection
// and scroll per project and file (and apart from it, where the side-by-side diff of that file was), so a file reopened (in this tab or after a reload) shows the
// same place. Kept in localStorage: up to 1000 entries, written 500 ms after the last change,
// entries older than 7 days dropped; when the storage is full, the oldest 20% go.

export const VIEW_STATE_LIMITS = {
  maxEntries: 1000,
  persistDelayMs: 500,
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
  /** Share of the oldest entries dropped each time the storage refuses the write. */
  quotaDropShare: 0.2,
} as const;

export const VIEW_STATE_STORAGE_KEY = "workspace-editor-view-states";

/** Document offsets (UTF-16 units) and the scroller's pixels; `savedAt` is epoch ms. */
export interface EditorViewState {
  anchor: number;
  head: number;
  scrollTop: number;
  scrollLeft: number;
  savedAt: number;
}

export type ViewPosition = Omit<EditorViewState, "savedAt">;

/** The single editor and the side-by-side diff lay a file out differently: each keeps its own place. */
export type ViewKind = "editor" | "diff";

export interface ViewStateStoreOptions {
  /** null: memory only (storage blocked, or a test). */
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null;
  now?: () => number;
}

export interface ViewStateStore {
  get(projectId: string, filePath: string, view?: ViewKind): EditorViewState | null;
  /** Remembers a position now; the storage is written once changes stop for 500 ms. */
  set(projectId: string, filePath: string, position: ViewPosition, view?: ViewKind): void;
  /** Writes pending changes at once (the page is being hidden). */
  flush(): void;
  /** Entries held, oldest first (for tests). */
  keys(): string[];
}

/** Paths differ by a leading `./` or `/` between the explorer, git and links; one entry per file and view (editor keys are as before). */
const keyOf = (projectId: string, filePath: string, view: ViewKind = "editor") =>
  `${projectId}\u0000${view === "diff" ? "diff\u0000" : ""}${filePath.replace(/\\/g, "/").replace(/^(\.\/|\/)+/, "")}`;

const isCount = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value) && value >= 0;

function isViewState(value: unknown): value is EditorViewState {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return isCount(v.anchor) && isCount(v.head) && isCount(v.scrollTop) && isCount(v.scrollLeft) && isCount(v.savedAt);
}

function isQuotaError(error: unknown): boolean {
  if (!(error instanceof Error) && !(typeof DOMException !== "undefined" && error instanceof DOMException)) return false;
  const { name, code } = error as { name?: string; code?: number };
  return name === "QuotaExceededError" || name === "NS_ERROR_DOM_QUOTA_REACHED" || code === 22 || code === 1014;
}

export function createViewStateStore({ storage, now = Date.now }: ViewStateStoreOptions): ViewStateStore {
  /** Insertion order is age order: a changed entry moves to the end. */
  let entries: Map<string, EditorViewState> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const fresh = (state: EditorViewState) => now() - state.savedAt <= VIEW_STATE_LIMITS.maxAgeMs;

  /** Read once, on first use: broken or stale entries are left behind. */
  const load = (): Map<string, EditorViewState> => {
    if (entries) return entries;
    entries = new Map();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(storage?.getItem(VIEW_STATE_STORAGE_KEY) ?? "null");
    } catch {
      parsed = null;
    }
    if (!Array.isArray(parsed)) return entries;
    const valid = parsed.filter(
      (item): item is [string, EditorViewState] => Array.isArray(item) && typeof item[0] === "string" && isViewState(item[1]) && fresh(item[1]),
    );
    valid.sort((a, b) => a[1].savedAt - b[1].savedAt);
    for (const [key, state] of valid.slice(-VIEW_STATE_LIMITS.maxEntries)) entries.set(key, state);
    return entries;
  };

  const dropOldest = (map: Map<string, EditorViewState>, count: number) => {
    for (const key of [...map.keys()].slice(0, count)) map.delete(key);
  };

  /** Writes everything still fresh; while the storage is full, drops the oldest 20% and tries again. */
  const persist = () => {
    timer = null;
    const map = load();
    for (const [key, state] of map) if (!fresh(state)) map.delete(key);
    if (!storage) return;
    for (;;) {
      try {
        if (map.size === 0) storage.removeItem(VIEW_STATE_STORAGE_KEY);
        else storage.setItem(VIEW_STATE_STORAGE_KEY, JSON.stringify([...map]));
        return;
      } catch (error) {
        if (!isQuotaError(error) || map.size === 0) return;
        dropOldest(map, Math.max(1, Math.ceil(map.size * VIEW_STATE_LIMITS.quotaDropShare)));
      }
    }
  };

  return {
    get(projectId, filePath, view) {
      const state = load().get(keyOf(projectId, filePath, view));
      return state && fresh(state) ? state : null;
    },
    set(projectId, filePath, position, view) {
      const map = load();
      const key = keyOf(projectId, filePath, view);
      map.delete(key);
      map.set(key, { ...position, savedAt: now() });
      if (map.size > VIEW_STATE_LIMITS.maxEntries) dropOldest(map, map.size - VIEW_STATE_LIMITS.maxEntries);
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(persist, VIEW_STATE_LIMITS.persistDelayMs);
    },
    flush() {
      if (timer === null) return;
      clearTimeout(timer);
      persist();
    },
    keys: () => [...load().keys()],
  };
}

function browserStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // blocked (private mode, a sandboxed frame): positions last for this page only
  }
}

let shared: ViewStateStore | null = null;

/** The app's one store; pending positions are written when the page is hidden or left. */
export function editorViewStates(): ViewStateStore {
  if (shared) return shared;
  const store = createViewStateStore({ storage: browserStorage() });
  shared = store;
  if (typeof window !== "undefined") {
    window.addEventListener("pagehide", () => store.flush());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") store.flush();
    });
  }
  return store;
}
