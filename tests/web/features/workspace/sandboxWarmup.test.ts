// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { SANDBOX_MARKER_MS, resetSandboxWarmup, skipsSandboxInit, warmSandboxOnce } from "../../../../web/features/workspace/projects/sandboxWarmup";

/** A sandbox request that settles when the test says so, counting how often it was made. */
function pendingWarm() {
  let calls = 0;
  let settle: (ok: boolean) => void = () => undefined;
  const warm = () => {
    calls += 1;
    return new Promise<void>((resolve, reject) => (settle = (ok) => (ok ? resolve() : reject(new Error("HTTP 503: down")))));
  };
  return { warm, calls: () => calls, settle: (ok: boolean) => settle(ok) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("sandbox preparation after sign-in (spec 03 §4)", () => {
  beforeEach(() => {
    localStorage.clear();
    resetSandboxWarmup();
  });

  it("is skipped when the address carries isOpenWs=true", () => {
    const { warm, calls } = pendingWarm();
    expect(skipsSandboxInit("?chatId=c1&isOpenWs=true")).toBe(true);
    expect(skipsSandboxInit("?isOpenWs=false")).toBe(false);
    expect(warmSandboxOnce("u1", "?chatId=c1&isOpenWs=true", warm)).toBe(false);
    expect(calls()).toBe(0);
    expect(warmSandboxOnce("u1", "?chatId=c1", warm)).toBe(true);
    expect(calls()).toBe(1);
  });

  it("asks once while a request from this browser is under 30 s old, even after a reload", () => {
    const { warm, calls } = pendingWarm();
    const t0 = 1_000_000;
    expect(warmSandboxOnce("u1", "", warm, t0)).toBe(true);
    expect(warmSandboxOnce("u1", "", warm, t0 + 1000)).toBe(false);
    resetSandboxWarmup(); // a reload: the page's memory is gone, the marker is not
    expect(warmSandboxOnce("u1", "", warm, t0 + SANDBOX_MARKER_MS - 1)).toBe(false);
    expect(warmSandboxOnce("u1", "", warm, t0 + SANDBOX_MARKER_MS + 1)).toBe(true);
    expect(calls()).toBe(2);
  });

  it("clears the marker when the request settles, so a failure is retried on the next arrival", async () => {
    const { warm, calls, settle } = pendingWarm();
    expect(warmSandboxOnce("u1", "", warm, 5000)).toBe(true);
    settle(false);
    await flush();
    resetSandboxWarmup();
    expect(warmSandboxOnce("u1", "", warm, 6000)).toBe(true);
    expect(calls()).toBe(2);
  });

  it("keeps users apart", () => {
    const { warm, calls } = pendingWarm();
    expect(warmSandboxOnce("u1", "", warm)).toBe(true);
    expect(warmSandboxOnce("u2", "", warm)).toBe(true);
    expect(calls()).toBe(2);
  });
});
