import { describe, expect, it } from "vitest";
import { findFirstReference, joinProjectPath } from "../../../web/features/workspace/viewer/editor/firstReference";
import { REFERENCE_CLICK_DEBOUNCE_MS, createClickGuard } from "../../../web/features/workspace/viewer/editor/sidePreview";

const FILES = new Set(["README.md", "docs/guide.md", "docs/img/arch.png", "src/app.ts", "src/util.ts", "src/lib/math.ts", "package.json"]);

describe("Open First Reference: finding the first file a text names (spec 03 §2.3)", () => {
  it("takes a markdown link relative to the file it is in", () => {
    expect(findFirstReference("See [the app](../src/app.ts) and [guide](guide.md).", "docs/guide2.md", FILES)).toEqual({ path: "src/app.ts", line: null });
    expect(findFirstReference("![diagram](img/arch.png)", "docs/guide.md", FILES)).toEqual({ path: "docs/img/arch.png", line: null });
    expect(findFirstReference("[top](/package.json)", "docs/guide.md", FILES)?.path).toBe("package.json");
    expect(findFirstReference("[line](../src/util.ts#L12)", "docs/guide.md", FILES)).toEqual({ path: "src/util.ts", line: 12 });
  });

  it("takes a written-out path, next to the file or from the project root, with a line", () => {
    expect(findFirstReference("The entry is src/app.ts:42 (see also src/util.ts)", "README.md", FILES)).toEqual({ path: "src/app.ts", line: 42 });
    expect(findFirstReference("import { add } from './lib/math.ts';", "src/app.ts", FILES)).toEqual({ path: "src/lib/math.ts", line: null });
    expect(findFirstReference("Start with `package.json`.", "src/app.ts", FILES)?.path).toBe("package.json");
  });

  it("skips web links, anchors, e-mail addresses, the file itself and files that do not exist", () => {
    const text = [
      "[site](https://example.com/src/app.ts) https://example.com/docs/guide.md",
      "[anchor](#usage) mail bob@example.com, version 1.2.3, e.g. this",
      "[me](README.md) [gone](nope/missing.ts) then src/util.ts",
    ].join("\n");
    expect(findFirstReference(text, "README.md", FILES)).toEqual({ path: "src/util.ts", line: null });
    expect(findFirstReference("nothing here, just https://example.com", "README.md", FILES)).toBeNull();
  });

  it("never resolves outside the project", () => {
    expect(joinProjectPath("docs", "../../etc/passwd")).toBeNull();
    expect(joinProjectPath("docs", "./a/../b.md")).toBe("docs/b.md");
    expect(findFirstReference("[up](../../../etc/passwd)", "docs/guide.md", null)).toBeNull();
  });

  it("without the file list, takes the first path with a folder, not a lone word with a dot", () => {
    expect(findFirstReference("e.g. index.html, then lib/x.ts", "README.md", null)).toEqual({ path: "lib/x.ts", line: null });
    expect(findFirstReference("[notes](notes.md)", "docs/a.md", null)).toEqual({ path: "docs/notes.md", line: null });
  });
});

describe("reference-click debounce (spec 03 §9: 250 ms)", () => {
  it("opens on the first click at once and ignores repeats within 250 ms", () => {
    let clock = 1000;
    const guard = createClickGuard(REFERENCE_CLICK_DEBOUNCE_MS, () => clock);
    const opened: number[] = [];
    const click = () => guard(() => opened.push(clock));
    expect(click()).toBe(true);
    clock += 100;
    expect(click()).toBe(false);
    clock += REFERENCE_CLICK_DEBOUNCE_MS - 101;
    expect(click()).toBe(false);
    clock += 1;
    expect(click()).toBe(true);
    expect(opened).toEqual([1000, 1250]);
  });
});
