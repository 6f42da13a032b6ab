import { afterEach, describe, expect, it, vi } from "vitest";
import { hasRequestedFile, isSafeProjectPath, projectFileLink, projectFilePath, requestProjectFile, takeRequestedFile } from "../../../web/app/projectLink";
import { stubWindow } from "../browserStubs";

afterEach(() => {
  takeRequestedFile("p1");
  takeRequestedFile("p2");
  vi.unstubAllGlobals();
});

describe("links to a project's file (spec 03 §2: coding-projects/{id}, filePath)", () => {
  it("refuses paths that leave the project or are absolute", () => {
    for (const ok of ["src/a.ts", "README.md", "./docs/x.md", "dir name/file (1).md"]) expect([ok, isSafeProjectPath(ok)]).toEqual([ok, true]);
    for (const bad of [
      "",
      "../etc/passwd",
      "src/../../x",
      "/etc/passwd",
      "\\\\server\\share",
      "C:\\Windows\\win.ini",
      "c:/x",
      "a\0b",
      ".",
      "./",
      "src\\..\\..\\x",
    ]) {
      expect([bad, isSafeProjectPath(bad)]).toEqual([bad, false]);
    }
  });

  it("builds the link in the current language, with the path as a query parameter", () => {
    expect(projectFilePath("p 1", "src/a b.ts", "/zh/home")).toBe("/zh/home/coding-projects/p%201?filePath=src%2Fa+b.ts");
    expect(projectFilePath("p1", null, "/home")).toBe("/home/coding-projects/p1");
    stubWindow("/en/home");
    expect(projectFileLink("p1", "src/a.ts")).toBe("http://localhost/en/home/coding-projects/p1?filePath=src%2Fa.ts");
    expect(new URL(projectFileLink("p1", "docs/ü & more.md")).searchParams.get("filePath")).toBe("docs/ü & more.md");
  });

  it("hands a linked file once, and only to its own project", () => {
    requestProjectFile("p1", "src/a.ts");
    expect(hasRequestedFile("p2")).toBe(false);
    expect(takeRequestedFile("p2")).toBeNull();
    expect(hasRequestedFile("p1")).toBe(true);
    expect(takeRequestedFile("p1")).toBe("src/a.ts");
    expect(takeRequestedFile("p1")).toBeNull();
    expect(hasRequestedFile(null)).toBe(false);
  });
});
