/**
 * The per-file upload state machine of the Knowledge tab (spec 01 §4): uploading (percent, speed,
 * time remaining) → failed → retry (uploading again) or cancel (removed). An upload that succeeds
 * leaves the queue: the uploaded file is then a row of the server's list, with its indexing status.
 * Pure, so the hook only wires the network to these transitions.
 */

export interface QueuedFile {
  name: string;
  size: number;
  type: string;
}

export type UploadPhase = "uploading" | "failed";

export interface UploadItem {
  id: string;
  file: QueuedFile;
  phase: UploadPhase;
  loaded: number;
  total: number;
  /** When the current attempt started (ms). */
  startedAt: number;
  /** Average bytes per second of the current attempt. */
  speed: number;
  /** Seconds left at the current speed; null before any progress. */
  remaining: number | null;
}

export type UploadAction =
  | { type: "add"; id: string; file: QueuedFile; now: number }
  | { type: "progress"; id: string; loaded: number; total: number; now: number }
  | { type: "fail"; id: string }
  | { type: "retry"; id: string; now: number }
  | { type: "remove"; id: string };

export function percentOf(item: Pick<UploadItem, "loaded" | "total">): number {
  if (item.total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.floor((item.loaded / item.total) * 100)));
}

function fresh(id: string, file: QueuedFile, now: number): UploadItem {
  return { id, file, phase: "uploading", loaded: 0, total: file.size, startedAt: now, speed: 0, remaining: null };
}

function update(items: UploadItem[], id: string, change: (item: UploadItem) => UploadItem | null): UploadItem[] {
  const next: UploadItem[] = [];
  for (const item of items) {
    if (item.id !== id) next.push(item);
    else {
      const changed = change(item);
      if (changed) next.push(changed);
    }
  }
  return next;
}

export function uploadReducer(items: UploadItem[], action: UploadAction): UploadItem[] {
  switch (action.type) {
    case "add":
      return items.some((item) => item.id === action.id) ? items : [...items, fresh(action.id, action.file, action.now)];
    case "progress":
      return update(items, action.id, (item) => {
        if (item.phase !== "uploading") return item;
        const total = action.total > 0 ? action.total : item.total;
        const loaded = Math.min(Math.max(action.loaded, item.loaded), total);
        const seconds = (action.now - item.startedAt) / 1000;
        const speed = seconds > 0 ? loaded / seconds : 0;
        const remaining = speed > 0 ? (total - loaded) / speed : null;
        return { ...item, loaded, total, speed, remaining };
      });
    case "fail":
      return update(items, action.id, (item) => (item.phase === "uploading" ? { ...item, phase: "failed", speed: 0, remaining: null } : item));
    case "retry":
      return update(items, action.id, (item) => (item.phase === "failed" ? fresh(item.id, item.file, action.now) : item));
    case "remove":
      return update(items, action.id, () => null);
  }
}

/** "1.2 MB/s" */
export function formatSpeed(bytesPerSecond: number): string {
  if (bytesPerSecond >= 1024 * 1024) return `${(bytesPerSecond / (1024 * 1024)).toFixed(1)} MB/s`;
  if (bytesPerSecond >= 1024) return `${Math.round(bytesPerSecond / 1024)} KB/s`;
  return `${Math.round(bytesPerSecond)} B/s`;
}

/** Whole seconds left, at least 1 while anything remains. */
export function remainingSeconds(item: Pick<UploadItem, "remaining">): number | null {
  if (item.remaining === null) return null;
  return item.remaining <= 0 ? 0 : Math.max(1, Math.ceil(item.remaining));
}
