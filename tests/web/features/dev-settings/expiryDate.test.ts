import { describe, expect, it } from "vitest";
import { dayToIso, isoToDay } from "../../../../web/features/dev-settings/expiryDate";

describe("expiry date", () => {
  it("stores a picked day as the end of that local day", () => {
    const iso = dayToIso("2025-01-05")!;
    const date = new Date(iso);
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes()]).toEqual([2025, 0, 5, 23, 59]);
    expect(isoToDay(iso)).toBe("2025-01-05");
  });

  it("rejects junk and shows no day for a missing expiry", () => {
    expect(dayToIso("05/01/2025")).toBeNull();
    expect(isoToDay(null)).toBe("");
  });
});
