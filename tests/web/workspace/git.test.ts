import { describe, expect, it } from "vitest";
import { en } from "../../../web/i18n/en";
import {
  GIT_SECTION,
  STATUS_COLORS,
  clampSectionHeight,
  isMasterBranch,
  messagePreview,
  readSectionHeight,
  saveSectionHeight,
  shortHash,
  statusColor,
} from "../../../web/features/workspace/git/gitModel";
import { memoryStorage } from "../browserStubs";

describe("status colours (spec 03 §2.3)", () => {
  it("colours added green, modified orange, deleted red, renamed blue", () => {
    expect(statusColor("added")).toBe("#1f7a3d");
    expect(statusColor("modified")).toBe("#c2410c");
    expect(statusColor("deleted")).toBe("#c62828");
    expect(statusColor("renamed")).toBe("#2f5fdc");
    expect(statusColor("untracked")).toBe(STATUS_COLORS.untracked);
    expect(statusColor(null)).toBeUndefined();
  });
});

describe("commit display (spec 03 §9)", () => {
  it("shows 8 characters of the hash", () => {
    expect(shortHash("0123456789abcdef")).toBe("01234567");
  });

  it("cuts the first line of the message at 50 characters", () => {
    expect(messagePreview("short")).toBe("short");
    expect(messagePreview(`${"x".repeat(60)}\nbody`)).toBe(`${"x".repeat(50)}...`);
    expect(messagePreview("title\nmore lines")).toBe("title");
  });

  it("notes the master branch", () => {
    expect(isMasterBranch("master")).toBe(true);
    expect(isMasterBranch("main")).toBe(false);
    expect(en.workspace.git.masterNote).toContain("'master'");
  });

  it("keeps the spec's git error texts", () => {
    expect(en.workspace.git.switchFailed.replace("{{error}}", "boom")).toBe("Switch failed: boom");
    expect(en.workspace.git.networkError).toBe("Network error, please check your connection and try again");
  });
});

describe("git section height (spec 03 §9)", () => {
  it("stays within 100-400 px with 200 by default", () => {
    expect(clampSectionHeight(50)).toBe(100);
    expect(clampSectionHeight(999)).toBe(400);
    expect(clampSectionHeight(Number.NaN)).toBe(200);
    expect(readSectionHeight(memoryStorage())).toBe(GIT_SECTION.default);
  });

  it("is remembered in local storage", () => {
    const storage = memoryStorage();
    saveSectionHeight(333, storage);
    expect(readSectionHeight(storage)).toBe(333);
    saveSectionHeight(9999, storage);
    expect(readSectionHeight(storage)).toBe(400);
  });
});
