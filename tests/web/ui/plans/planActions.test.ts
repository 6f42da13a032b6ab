import { describe, expect, it } from "vitest";
import { planAction, recommendedTier } from "../../../../web/ui/plans/planActions";

describe("plan buttons", () => {
  it("recommends the next tier up, and nothing above enterprise", () => {
    expect(recommendedTier("free")).toBe("starter");
    expect(recommendedTier("starter")).toBe("professional");
    expect(recommendedTier("professional")).toBe("enterprise");
    expect(recommendedTier("enterprise")).toBeNull();
  });

  it("picks the button for each card", () => {
    expect(planAction("free", "free")).toBe("current");
    expect(planAction("starter", "free")).toBe("upgrade");
    expect(planAction("professional", "starter")).toBe("upgrade");
    expect(planAction("enterprise", "free")).toBe("contactSales");
    expect(planAction("free", "professional")).toBe("useFree");
    expect(planAction("starter", "professional")).toBe("switch");
    expect(planAction("enterprise", "enterprise")).toBe("current");
  });
});
