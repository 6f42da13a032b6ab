import { describe, expect, it } from "vitest";
import { referencesText } from "../../../web/features/workspace/viewer/useFileReferenceComposer";

const ref = (filePath: string, extra: Record<string, unknown> = {}) => ({
  id: filePath,
  chatId: "c",
  filePath,
  fileName: filePath.split("/").pop()!,
  itemType: "file" as const,
  isGitFile: true,
  status: "normal" as const,
  ...extra,
});

describe("file references in a sent message", () => {
  it("writes one @file line per reference, with the line range and the selected lines quoted", () => {
    const text = referencesText([ref("src/app.ts", { lineRange: { start: 3, end: 7 }, content: "const a = 1;" }), ref("README.md")]);
    expect(text).toBe("@file:src/app.ts:3-7\n```\nconst a = 1;\n```\n@file:README.md");
  });

  it("writes nothing without references", () => {
    expect(referencesText([])).toBe("");
  });
});
