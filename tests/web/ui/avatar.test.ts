import { describe, expect, it } from "vitest";
import { AVATAR_COLORS, avatarColor, initials } from "../../../web/ui/avatar";

describe("avatar colour", () => {
  it("has six fixed colours", () => {
    expect(AVATAR_COLORS).toHaveLength(6);
    expect(new Set(AVATAR_COLORS).size).toBe(6);
  });

  it("is stable for a name and ignores case and surrounding spaces", () => {
    expect(avatarColor("Ada Lovelace")).toBe(avatarColor("Ada Lovelace"));
    expect(avatarColor("  ada lovelace ")).toBe(avatarColor("Ada Lovelace"));
    expect(AVATAR_COLORS).toContain(avatarColor("Grace Hopper"));
  });

  it("spreads different names over several colours", () => {
    const names = ["Ada", "Grace", "Linus", "Margaret", "Ken", "Barbara", "Dennis", "Frances", "张三", "李四", "王五", "赵六"];
    expect(new Set(names.map(avatarColor)).size).toBeGreaterThanOrEqual(3);
  });
});

describe("initials", () => {
  it.each([
    ["Ada Lovelace", "AL"],
    ["grace brewster hopper", "GB"],
    ["alice", "AL"],
    ["X", "X"],
    ["张三", "张三"],
    ["欧阳 娜娜", "欧娜"],
    ["  bob   smith ", "BS"],
    ["", "?"],
  ])("%j -> %j", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it("never cuts a character made of two UTF-16 units", () => {
    expect(initials("😀smile")).toBe("😀S");
  });
});
