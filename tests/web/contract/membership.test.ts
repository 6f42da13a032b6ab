import { describe, expect, it } from "vitest";
import { effectiveTier, PLAN_CATALOGUE, TIERS } from "../../../contract";

const now = new Date("2025-06-01T00:00:00Z");

describe("effectiveTier", () => {
  it("is free for non-members whatever the stored plan", () => {
    expect(effectiveTier(false, "professional", null, now)).toBe("free");
  });

  it("is the member's plan while it has not expired", () => {
    expect(effectiveTier(true, "starter", "2025-07-01T00:00:00Z", now)).toBe("starter");
    expect(effectiveTier(true, "enterprise", null, now)).toBe("enterprise");
  });

  it("falls back to free once the plan has expired (expiry is exclusive)", () => {
    expect(effectiveTier(true, "professional", "2025-05-31T23:59:59Z", now)).toBe("free");
    expect(effectiveTier(true, "professional", now.toISOString(), now)).toBe("free");
  });

  it("understands older plan names and ignores unknown ones", () => {
    expect(effectiveTier(true, "personal", null, now)).toBe("starter");
    expect(effectiveTier(true, "PRO", null, now)).toBe("professional");
    expect(effectiveTier(true, "platinum", null, now)).toBe("free");
    expect(effectiveTier(true, null, null, now)).toBe("free");
  });
});

describe("plan catalogue", () => {
  it("lists the four tiers in order with the spec's VIRE limits", () => {
    expect(TIERS).toEqual(["free", "starter", "professional", "enterprise"]);
    expect(PLAN_CATALOGUE.free.limits.virtualEmployees).toBe(2);
    expect(PLAN_CATALOGUE.starter.limits.virtualEmployees).toBe(10);
    expect(PLAN_CATALOGUE.professional.limits.virtualEmployees).toBe(-1);
  });
});
