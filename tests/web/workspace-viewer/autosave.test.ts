import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AUTOSAVE_MS, READ_ONLY_WARNING_MS } from "../../../contract/workspace";
import { AutosaveScheduler, TimedFlag } from "../../../web/features/workspace/viewer/autosave";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function scheduler(current = "a.ts") {
  const state = { current, saving: new Set<string>() };
  const save = vi.fn((_path: string) => Promise.resolve());
  const s = new AutosaveScheduler({ isCurrent: (p) => p === state.current, isSaving: (p) => state.saving.has(p), save });
  return { s, save, state };
}

describe("autosave (spec 03 §4 Editor save)", () => {
  it("saves 2 s after the last edit, once", () => {
    const { s, save } = scheduler();
    s.edited("a.ts");
    vi.advanceTimersByTime(AUTOSAVE_MS - 1);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledExactlyOnceWith("a.ts");
    vi.advanceTimersByTime(AUTOSAVE_MS * 3);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it("restarts the wait on every edit (debounce)", () => {
    const { s, save } = scheduler();
    s.edited("a.ts");
    vi.advanceTimersByTime(1500);
    s.edited("a.ts");
    vi.advanceTimersByTime(1500);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it("does not save a file that is no longer the current one", () => {
    const { s, save, state } = scheduler();
    s.edited("a.ts");
    state.current = "b.ts";
    vi.advanceTimersByTime(AUTOSAVE_MS);
    expect(save).not.toHaveBeenCalled();
    expect(s.pendingPath).toBeNull();
  });

  it("waits while a save of the file runs, then saves", () => {
    const { s, save, state } = scheduler();
    state.saving.add("a.ts");
    s.edited("a.ts");
    vi.advanceTimersByTime(AUTOSAVE_MS);
    expect(save).not.toHaveBeenCalled();
    expect(s.pendingPath).toBe("a.ts");
    state.saving.delete("a.ts");
    vi.advanceTimersByTime(AUTOSAVE_MS);
    expect(save).toHaveBeenCalledExactlyOnceWith("a.ts");
  });

  it("cancel drops the pending save (a manual save took over)", () => {
    const { s, save } = scheduler();
    s.edited("a.ts");
    s.cancel();
    vi.advanceTimersByTime(AUTOSAVE_MS * 2);
    expect(save).not.toHaveBeenCalled();
  });

  it("an edit of another file replaces the pending one", () => {
    const { s, save, state } = scheduler();
    s.edited("a.ts");
    state.current = "b.ts";
    s.edited("b.ts");
    vi.advanceTimersByTime(AUTOSAVE_MS);
    expect(save).toHaveBeenCalledExactlyOnceWith("b.ts");
  });
});

describe("read-only warning timer (spec 03 §6)", () => {
  it("shows for 3 s and restarts when shown again", () => {
    const changes: boolean[] = [];
    const flag = new TimedFlag(READ_ONLY_WARNING_MS, (v) => changes.push(v));
    flag.show();
    expect(flag.visible).toBe(true);
    vi.advanceTimersByTime(2000);
    flag.show();
    vi.advanceTimersByTime(2000);
    expect(flag.visible).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(flag.visible).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it("hides at once on hide()", () => {
    const onChange = vi.fn();
    const flag = new TimedFlag(READ_ONLY_WARNING_MS, onChange);
    flag.show();
    flag.hide();
    flag.hide();
    expect(onChange.mock.calls).toEqual([[true], [false]]);
    vi.advanceTimersByTime(READ_ONLY_WARNING_MS);
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});
