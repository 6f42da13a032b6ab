import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { VIEW_STATE_LIMITS, VIEW_STATE_STORAGE_KEY, createViewStateStore, type ViewPosition } from "../../../web/features/workspace/viewer/viewState";

const DAY = 24 * 60 * 60 * 1000;

/** localStorage with a size limit (characters of the stored value), throwing as browsers do when full. */
class SmallStorage {
  items = new Map<string, string>();
  writes = 0;
  constructor(private readonly capacity = Infinity) {}
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (value.length > this.capacity) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    this.writes += 1;
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  stored(): [string, { anchor: number; savedAt: number }][] {
    return JSON.parse(this.items.get(VIEW_STATE_STORAGE_KEY) ?? "[]");
  }
}

const at = (anchor: number, scrollTop = 0): ViewPosition => ({ anchor, head: anchor, scrollTop, scrollLeft: 0 });

describe("editor view-state store (spec 03 §8, §9)", () => {
  let clock = Date.UTC(2026, 0, 10);
  const now = () => clock;
  beforeEach(() => {
    vi.useFakeTimers();
    clock = Date.UTC(2026, 0, 10);
  });
  afterEach(() => vi.useRealTimers());

  it("gives back the cursor, selection and scroll of a file, per project and file", () => {
    const store = createViewStateStore({ storage: new SmallStorage(), now });
    store.set("p1", "src/a.ts", { anchor: 10, head: 25, scrollTop: 400, scrollLeft: 8 });
    store.set("p2", "src/a.ts", at(3));
    expect(store.get("p1", "src/a.ts")).toEqual({ anchor: 10, head: 25, scrollTop: 400, scrollLeft: 8, savedAt: clock });
    expect(store.get("p1", "./src/a.ts")?.anchor).toBe(10);
    expect(store.get("p2", "src/a.ts")?.anchor).toBe(3);
    expect(store.get("p1", "src/b.ts")).toBeNull();
  });

  it("keeps the diff's place apart from the editor's, under the same rules and after a reload", () => {
    const storage = new SmallStorage();
    const store = createViewStateStore({ storage, now });
    store.set("p1", "src/a.ts", at(10, 400));
    store.set("p1", "/src/a.ts", at(40, 1200), "diff");
    expect(store.get("p1", "src/a.ts")?.scrollTop).toBe(400);
    expect(store.get("p1", "src/a.ts", "editor")?.scrollTop).toBe(400);
    expect(store.get("p1", "./src/a.ts", "diff")).toMatchObject({ anchor: 40, scrollTop: 1200 });
    expect(store.get("p2", "src/a.ts", "diff")).toBeNull();
    vi.advanceTimersByTime(VIEW_STATE_LIMITS.persistDelayMs);
    const reloaded = createViewStateStore({ storage, now });
    expect(reloaded.get("p1", "src/a.ts", "diff")?.scrollTop).toBe(1200);
    // Older than 7 days, a diff's place is gone like any other.
    clock += VIEW_STATE_LIMITS.maxAgeMs + 1;
    expect(reloaded.get("p1", "src/a.ts", "diff")).toBeNull();
  });

  it("writes to storage only once changes have stopped for 500 ms", () => {
    const storage = new SmallStorage();
    const store = createViewStateStore({ storage, now });
    store.set("p1", "a.ts", at(1));
    vi.advanceTimersByTime(VIEW_STATE_LIMITS.persistDelayMs - 1);
    store.set("p1", "a.ts", at(2));
    vi.advanceTimersByTime(VIEW_STATE_LIMITS.persistDelayMs - 1);
    expect(storage.writes).toBe(0);
    vi.advanceTimersByTime(1);
    expect(storage.writes).toBe(1);
    // A new store (the next page load) reads what was written.
    expect(createViewStateStore({ storage, now }).get("p1", "a.ts")?.anchor).toBe(2);
  });

  it("writes pending changes at once on flush (the page is being left)", () => {
    const storage = new SmallStorage();
    const store = createViewStateStore({ storage, now });
    store.set("p1", "a.ts", at(7));
    store.flush();
    expect(storage.stored().map(([, s]) => s.anchor)).toEqual([7]);
  });

  it("keeps at most 1000 entries, dropping the least recently used", () => {
    const storage = new SmallStorage();
    const store = createViewStateStore({ storage, now });
    for (let i = 0; i < VIEW_STATE_LIMITS.maxEntries; i += 1) store.set("p", `f${i}.ts`, at(i));
    store.set("p", "f0.ts", at(0)); // used again: now the newest
    store.set("p", "extra.ts", at(1));
    store.flush();
    expect(store.keys()).toHaveLength(VIEW_STATE_LIMITS.maxEntries);
    expect(store.get("p", "f1.ts")).toBeNull();
    expect(store.get("p", "f0.ts")).not.toBeNull();
    expect(store.get("p", "extra.ts")).not.toBeNull();
    expect(storage.stored()).toHaveLength(VIEW_STATE_LIMITS.maxEntries);
  });

  it("drops entries older than 7 days, in memory and when reading storage", () => {
    const storage = new SmallStorage();
    const store = createViewStateStore({ storage, now });
    store.set("p", "old.ts", at(1));
    clock += 2 * DAY;
    store.set("p", "recent.ts", at(2));
    store.flush();
    clock += VIEW_STATE_LIMITS.maxAgeMs - DAY; // old.ts is now 8 days old, recent.ts 6
    expect(store.get("p", "old.ts")).toBeNull();
    expect(store.get("p", "recent.ts")?.anchor).toBe(2);
    const next = createViewStateStore({ storage, now });
    expect(next.keys().map((k) => k.split("\u0000")[1])).toEqual(["recent.ts"]);
  });

  it("ignores a broken stored value", () => {
    const storage = new SmallStorage();
    storage.setItem(VIEW_STATE_STORAGE_KEY, "{not json");
    expect(createViewStateStore({ storage, now }).get("p", "a.ts")).toBeNull();
    storage.setItem(VIEW_STATE_STORAGE_KEY, JSON.stringify([["p\u0000a.ts", { anchor: "x" }], 5]));
    expect(createViewStateStore({ storage, now }).keys()).toEqual([]);
  });

  it("drops the oldest 20% when the storage is full, then writes the rest", () => {
    const probe = new SmallStorage();
    const sizing = createViewStateStore({ storage: probe, now });
    for (let i = 0; i < 10; i += 1) sizing.set("p", `f${i}.ts`, at(i));
    sizing.flush();
    const full = probe.items.get(VIEW_STATE_STORAGE_KEY)!.length;

    // Room for a bit less than all ten: one round of dropping the oldest two is enough.
    const storage = new SmallStorage(Math.floor(full * 0.9));
    const store = createViewStateStore({ storage, now });
    for (let i = 0; i < 10; i += 1) {
      clock += 1;
      store.set("p", `f${i}.ts`, at(i));
    }
    store.flush();
    expect(storage.stored().map(([, s]) => s.anchor)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect(store.get("p", "f1.ts")).toBeNull();

    // Far too little room: it keeps dropping until the write fits, and never throws.
    const tiny = new SmallStorage(Math.floor(full * 0.35));
    const cramped = createViewStateStore({ storage: tiny, now });
    for (let i = 0; i < 10; i += 1) cramped.set("p", `f${i}.ts`, at(i));
    expect(() => cramped.flush()).not.toThrow();
    expect(tiny.stored().length).toBeGreaterThan(0);
    expect(tiny.stored().length).toBeLessThanOrEqual(3);
    expect(tiny.stored().at(-1)![1].anchor).toBe(9);
  });

  it("works without storage (blocked): positions last for the page", () => {
    const store = createViewStateStore({ storage: null, now });
    store.set("p", "a.ts", at(4));
    store.flush();
    expect(store.get("p", "a.ts")?.anchor).toBe(4);
  });
});
