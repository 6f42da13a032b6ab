import { beforeEach, describe, expect, it } from "vitest";
import {
  addFileReference,
  clearFileReferences,
  formatFileReference,
  getFileReferences,
  MAX_REFERENCES_PER_CHAT,
  removeFileReference,
  useFileReferencesStore,
  type NewFileReference,
} from "../../../web/features/workspace/viewer/fileRefs";

const ref = (over: Partial<NewFileReference> = {}): NewFileReference => ({
  chatId: "c1",
  filePath: "src/app.ts",
  fileName: "app.ts",
  itemType: "file",
  lineRange: { start: 3, end: 7 },
  isGitFile: true,
  status: "modified",
  content: "const a = 1;",
  ...over,
});

beforeEach(() => clearFileReferences());

describe("file references for the composer", () => {
  it("adds references per chat with an id", () => {
    const added = addFileReference(ref());
    addFileReference(ref({ chatId: "c2" }));
    expect(getFileReferences("c1")).toEqual([added]);
    expect(added).toMatchObject({ ...ref(), id: expect.stringMatching(/^ref-/) });
    expect(getFileReferences("c2")).toHaveLength(1);
    expect(getFileReferences("none")).toEqual([]);
  });

  it("keeps one reference per path and line range, the newer one", () => {
    addFileReference(ref({ content: "old" }));
    addFileReference(ref({ content: "new" }));
    addFileReference(ref({ lineRange: { start: 1, end: 1 } }));
    const refs = getFileReferences("c1");
    expect(refs).toHaveLength(2);
    expect(refs.map((r) => r.content)).toEqual(["new", "const a = 1;"]);
  });

  it("removes one and clears a chat or everything", () => {
    const a = addFileReference(ref());
    addFileReference(ref({ filePath: "b.ts" }));
    addFileReference(ref({ chatId: "c2" }));
    removeFileReference("c1", a.id);
    expect(getFileReferences("c1").map((r) => r.filePath)).toEqual(["b.ts"]);
    clearFileReferences("c1");
    expect(getFileReferences("c1")).toEqual([]);
    expect(getFileReferences("c2")).toHaveLength(1);
    clearFileReferences();
    expect(getFileReferences("c2")).toEqual([]);
  });

  it("keeps the snapshot stable between changes and notifies subscribers", () => {
    let calls = 0;
    const stop = useFileReferencesStore.subscribe(() => (calls += 1));
    addFileReference(ref());
    const snapshot = getFileReferences("c1");
    expect(getFileReferences("c1")).toBe(snapshot);
    removeFileReference("c1", "unknown");
    expect(calls).toBe(1);
    stop();
    addFileReference(ref({ filePath: "x.ts" }));
    expect(calls).toBe(1);
  });

  it(`keeps at most ${MAX_REFERENCES_PER_CHAT} per chat, dropping the oldest`, () => {
    for (let i = 0; i < MAX_REFERENCES_PER_CHAT + 2; i += 1) addFileReference(ref({ filePath: `f${i}.ts` }));
    const refs = getFileReferences("c1");
    expect(refs).toHaveLength(MAX_REFERENCES_PER_CHAT);
    expect(refs[0]!.filePath).toBe("f2.ts");
  });

  it("formats a reference as path:start-end", () => {
    expect(formatFileReference(ref())).toBe("src/app.ts:3-7");
    expect(formatFileReference(ref({ lineRange: { start: 4, end: 4 } }))).toBe("src/app.ts:4");
    expect(formatFileReference({ filePath: "README.md" })).toBe("README.md");
  });
});
