import { describe, expect, it } from "vitest";
import { countBadge } from "../../../web/ui/countBadge";

describe("unread badges", () => {
  it("show nothing for no count, the count up to 99, then 99+", () => {
    expect([0, -2, Number.NaN, 1, 7, 99, 100, 4321].map(countBadge)).toEqual([null, null, null, "1", "7", "99", "99+", "99+"]);
  });
});
