import { describe, expect, it } from "vitest";
import { TERMINAL_LIMITS } from "../../../contract/workspace";
import {
  clampPosition,
  clampSize,
  DEFAULT_MINIMIZED_POSITION,
  defaultExpandedPosition,
  loadGeometry,
  PILL_SIZE,
  savePosition,
  saveSize,
  TERMINAL_STORAGE_KEYS,
} from "../../../web/features/workspace/terminal/geometry";
import { memoryStorage } from "../browserStubs";

const viewport = { width: 1280, height: 800 };

describe("terminal size (spec 03 §9)", () => {
  it("defaults to 600 x 300", () => {
    expect(clampSize({})).toEqual({ width: 600, height: 300 });
    expect(clampSize({ width: Number.NaN, height: Number.POSITIVE_INFINITY })).toEqual({ width: 600, height: 300 });
  });

  it("clamps height to 100-800 and width to 400-1200", () => {
    expect(clampSize({ width: 100, height: 20 })).toEqual({ width: TERMINAL_LIMITS.minWidth, height: TERMINAL_LIMITS.minHeight });
    expect(clampSize({ width: 5000, height: 5000 })).toEqual({ width: TERMINAL_LIMITS.maxWidth, height: TERMINAL_LIMITS.maxHeight });
    expect(clampSize({ width: 700.6, height: 450 })).toEqual({ width: 701, height: 450 });
  });
});

describe("terminal position", () => {
  it("keeps the window inside the viewport", () => {
    const size = { width: 600, height: 300 };
    expect(clampPosition({ x: -50, y: -10 }, size, viewport)).toEqual({ x: 0, y: 0 });
    expect(clampPosition({ x: 1000, y: 700 }, size, viewport)).toEqual({ x: 680, y: 500 });
    expect(clampPosition({ x: 100, y: 100 }, size, viewport)).toEqual({ x: 100, y: 100 });
  });

  it("pins a window larger than the viewport to the top-left corner", () => {
    expect(clampPosition({ x: 30, y: 30 }, { width: 1200, height: 800 }, { width: 900, height: 500 })).toEqual({ x: 0, y: 0 });
  });

  it("starts centred near the bottom", () => {
    expect(defaultExpandedPosition({ width: 600, height: 300 }, viewport)).toEqual({ x: 340, y: 476 });
  });
});

describe("terminal geometry persistence", () => {
  it("uses the defaults with an empty storage (minimised at 30,30)", () => {
    const g = loadGeometry(memoryStorage(), viewport);
    expect(g.size).toEqual({ width: 600, height: 300 });
    expect(g.minimized).toEqual(DEFAULT_MINIMIZED_POSITION);
    expect(DEFAULT_MINIMIZED_POSITION).toEqual({ x: 30, y: 30 });
    expect(g.expanded).toEqual(defaultExpandedPosition(g.size, viewport));
  });

  it("round-trips through the spec's storage keys", () => {
    const storage = memoryStorage();
    saveSize(storage, { width: 800, height: 420 });
    savePosition(storage, "expanded", { x: 120, y: 200 });
    savePosition(storage, "minimized", { x: 50, y: 60 });
    expect(storage.getItem(TERMINAL_STORAGE_KEYS.width)).toBe("800");
    expect(storage.getItem("terminal-height")).toBe("420");
    expect(JSON.parse(storage.getItem("terminal-expanded-position")!)).toEqual({ x: 120, y: 200 });
    expect(JSON.parse(storage.getItem("terminal-minimized-position")!)).toEqual({ x: 50, y: 60 });
    expect(loadGeometry(storage, viewport)).toEqual({ size: { width: 800, height: 420 }, expanded: { x: 120, y: 200 }, minimized: { x: 50, y: 60 } });
  });

  it("clamps stored values that are out of range or off screen, and ignores garbage", () => {
    const storage = memoryStorage({
      "terminal-width": "99999",
      "terminal-height": "abc",
      "terminal-expanded-position": JSON.stringify({ x: 5000, y: -40 }),
      "terminal-minimized-position": "{not json",
    });
    const g = loadGeometry(storage, viewport);
    expect(g.size).toEqual({ width: 1200, height: 300 });
    expect(g.expanded).toEqual({ x: 80, y: 0 });
    expect(g.minimized).toEqual({ x: 30, y: 30 });
    expect(clampPosition({ x: 5000, y: 5000 }, PILL_SIZE, viewport)).toEqual({ x: viewport.width - PILL_SIZE.width, y: viewport.height - PILL_SIZE.height });
  });

  it("survives a storage that throws", () => {
    const broken = memoryStorage();
    broken.getItem = () => {
      throw new Error("denied");
    };
    broken.setItem = () => {
      throw new Error("quota");
    };
    expect(loadGeometry(broken, viewport).size).toEqual({ width: 600, height: 300 });
    expect(() => saveSize(broken, { width: 500, height: 200 })).not.toThrow();
    expect(loadGeometry(null, viewport).minimized).toEqual({ x: 30, y: 30 });
  });
});
