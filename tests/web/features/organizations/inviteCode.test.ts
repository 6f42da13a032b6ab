import { describe, expect, it } from "vitest";
import { extractInviteCode } from "../../../../web/features/organizations/inviteCode";

describe("extractInviteCode", () => {
  it.each([
    ["ABCD1234", "ABCD1234"],
    ["  ABCD1234 ", "ABCD1234"],
    ["/join/ABCD1234", "ABCD1234"],
    ["https://chat.example.com/join/ABCD1234", "ABCD1234"],
    ["https://chat.example.com/zh/join/ABCD1234?x=1", "ABCD1234"],
    ["", ""],
  ])("%j -> %j", (input, code) => {
    expect(extractInviteCode(input)).toBe(code);
  });
});
