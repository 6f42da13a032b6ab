import { describe, expect, it } from "vitest";
import { formatSpeed, percentOf, remainingSeconds, uploadReducer, type UploadItem } from "../../../web/features/vires/uploadQueue";

const pdf = { name: "handbook.pdf", size: 4_000_000, type: "application/pdf" };

function start(now = 1_000): UploadItem[] {
  return uploadReducer([], { type: "add", id: "u1", file: pdf, now });
}

describe("knowledge upload state", () => {
  it("starts uploading at 0 percent with no estimate", () => {
    const [item] = start();
    expect(item).toMatchObject({ phase: "uploading", loaded: 0, total: 4_000_000, speed: 0, remaining: null });
    expect(percentOf(item!)).toBe(0);
    expect(remainingSeconds(item!)).toBeNull();
  });

  it("reports percent, speed and time remaining from progress", () => {
    const items = uploadReducer(start(1_000), { type: "progress", id: "u1", loaded: 1_000_000, total: 4_000_000, now: 3_000 });
    const item = items[0]!;
    expect(percentOf(item)).toBe(25);
    expect(item.speed).toBe(500_000); // 1 MB in 2 s
    expect(item.remaining).toBe(6); // 3 MB left at 0.5 MB/s
    expect(remainingSeconds(item)).toBe(6);
    expect(formatSpeed(item.speed)).toBe("488 KB/s");
  });

  it("never moves backwards and never passes 100 percent", () => {
    let items = uploadReducer(start(), { type: "progress", id: "u1", loaded: 3_000_000, total: 4_000_000, now: 2_000 });
    items = uploadReducer(items, { type: "progress", id: "u1", loaded: 2_000_000, total: 4_000_000, now: 2_500 });
    expect(items[0]!.loaded).toBe(3_000_000);
    items = uploadReducer(items, { type: "progress", id: "u1", loaded: 9_000_000, total: 4_000_000, now: 3_000 });
    expect(percentOf(items[0]!)).toBe(100);
  });

  it("fails, ignores late progress, and retries from zero", () => {
    let items = uploadReducer(start(), { type: "progress", id: "u1", loaded: 2_000_000, total: 4_000_000, now: 2_000 });
    items = uploadReducer(items, { type: "fail", id: "u1" });
    expect(items[0]).toMatchObject({ phase: "failed", speed: 0, remaining: null });
    items = uploadReducer(items, { type: "progress", id: "u1", loaded: 3_000_000, total: 4_000_000, now: 2_500 });
    expect(items[0]!.loaded).toBe(2_000_000);

    items = uploadReducer(items, { type: "retry", id: "u1", now: 10_000 });
    expect(items[0]).toMatchObject({ phase: "uploading", loaded: 0, startedAt: 10_000, remaining: null });
  });

  it("retry does nothing unless the upload failed", () => {
    const items = start();
    expect(uploadReducer(items, { type: "retry", id: "u1", now: 5 })).toEqual(items);
  });

  it("cancel removes the file, uploading or failed", () => {
    expect(uploadReducer(start(), { type: "remove", id: "u1" })).toEqual([]);
    const failed = uploadReducer(start(), { type: "fail", id: "u1" });
    expect(uploadReducer(failed, { type: "remove", id: "u1" })).toEqual([]);
  });

  it("adding the same upload twice keeps one entry", () => {
    const items = start();
    expect(uploadReducer(items, { type: "add", id: "u1", file: pdf, now: 2_000 })).toBe(items);
  });

  it("keeps files apart", () => {
    let items = uploadReducer(start(), { type: "add", id: "u2", file: { ...pdf, name: "b.txt" }, now: 1_000 });
    items = uploadReducer(items, { type: "fail", id: "u2" });
    expect(items.map((item) => item.phase)).toEqual(["uploading", "failed"]);
  });
});
