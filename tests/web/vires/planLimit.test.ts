import { describe, expect, it } from "vitest";
import { ApiError } from "../../../web/app/api/client";
import { isPlanLimitError, isServerRefusal, vireCreateDecision } from "../../../web/features/vires/planLimit";
import { en } from "../../../web/i18n/en";
import { zh } from "../../../web/i18n/zh";

describe("the plan check before creating a VIRE", () => {
  it("lets the free plan create up to 2", () => {
    expect(vireCreateDecision(0, "free")).toEqual({ allowed: true });
    expect(vireCreateDecision(1, "free")).toEqual({ allowed: true });
    expect(vireCreateDecision(2, "free")).toEqual({ allowed: false, limit: 2 });
  });

  it("lets the personal plan create up to 10 and professional any number", () => {
    expect(vireCreateDecision(9, "starter")).toEqual({ allowed: true });
    expect(vireCreateDecision(10, "starter")).toEqual({ allowed: false, limit: 10 });
    expect(vireCreateDecision(500, "professional")).toEqual({ allowed: true });
    expect(vireCreateDecision(500, "enterprise")).toEqual({ allowed: true });
  });

  it("opens the upgrade dialog when the count call fails", () => {
    expect(vireCreateDecision(null, "professional").allowed).toBe(false);
    expect(vireCreateDecision(null, null).allowed).toBe(false);
  });

  it("leaves an unknown plan to the server", () => {
    expect(vireCreateDecision(50, null)).toEqual({ allowed: true });
  });
});

describe("server refusals", () => {
  it("recognise the 403 PLAN_LIMIT answer", () => {
    expect(isPlanLimitError(new ApiError("Virtual employee limit reached", "http", 403, 403))).toBe(true);
    expect(isPlanLimitError(new ApiError("Not found", "http", 404, 404))).toBe(false);
    expect(isPlanLimitError(new Error("403"))).toBe(false);
  });

  it("tell a refusal with a text from a failure to reach the server", () => {
    expect(isServerRefusal(new ApiError("Please enter a VIRE name", "http", 400, 400))).toBe(true);
    expect(isServerRefusal(new ApiError("Name taken", "business", 200, 10001))).toBe(true);
    expect(isServerRefusal(new ApiError("", "network", 0))).toBe(false);
    expect(isServerRefusal(new ApiError("Internal Server Error - Please check the server logs", "http", 500, 500))).toBe(false);
  });
});

describe("the upgrade dialog text", () => {
  it("names the three limits", () => {
    expect(en.vires.upgrade.limits).toBe("The free plan allows {{free}} virtual employees, personal {{personal}}, professional unlimited.");
    expect(zh.vires.upgrade.limits).toContain("{{free}}");
  });

  it("keeps the spec's toasts verbatim", () => {
    expect(en.vires.toasts).toMatchObject({
      created: "VIRE created successfully!",
      updated: "VIRE updated successfully!",
      deleted: "VIRE deleted successfully!",
      deleteFailed: "Failed to delete VIRE: {{message}}",
      saveFailed: "Failed to save VIRE configuration: {{message}}",
      error: "Error: {{message}}",
    });
    expect(en.vires.templates.title).toBe("Choose VIRE From Templates");
    expect(en.vires.templates.addToChat).toBe("Add To Chat");
    expect(en.vires.templates.imported).toBe("{{count}} VIREs imported successfully.");
    expect(en.vires.templates.failed).toBe("{{count}} VIREs failed to import");
    expect(en.vires.authRequired).toBe("Authentication Required - Please log in to access VIRE configurations");
    expect(zh.vires.advanced.statusLabels.building).toBe("构建中");
  });
});
