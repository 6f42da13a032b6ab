// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";

interface Sent {
  via: "fetch" | "beacon";
  body: Record<string, unknown>;
}

let sent: Sent[] = [];

function setVisibility(state: "visible" | "hidden") {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
  document.dispatchEvent(new Event("visibilitychange"));
}

/** A fresh copy of the module (it keeps the shown page in module state), with fetch and sendBeacon recorded. */
async function load() {
  vi.resetModules();
  sent = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => {
      sent.push({ via: "fetch", body: JSON.parse(String(init.body)) });
      return new Response(null, { status: 204 });
    }),
  );
  Object.defineProperty(navigator, "sendBeacon", {
    configurable: true,
    value: (url: string, body: string) => {
      expect(url).toBe("/api/analytics/page-view");
      sent.push({ via: "beacon", body: JSON.parse(body) });
      return true;
    },
  });
  return import("../../../web/app/analytics");
}

describe("page analytics on the web", () => {
  beforeEach(() => setVisibility("visible"));

  it("sends a view per route, and each page's leave as a beacon on the next route and on pagehide", async () => {
    const { trackPage } = await load();
    trackPage("/en/usage");
    trackPage("/en/usage");
    trackPage("/en/membership");
    dispatchEvent(new Event("pagehide"));
    dispatchEvent(new Event("pagehide"));
    expect(sent.map((s) => [s.via, s.body.event, s.body.path])).toEqual([
      ["fetch", "page_view", "/en/usage"],
      ["beacon", "page_leave", "/en/usage"],
      ["fetch", "page_view", "/en/membership"],
      ["beacon", "page_leave", "/en/membership"],
    ]);
    expect(sent[2]!.body.referrer).toBe("/en/usage");
    expect(sent[1]!.body.duration).toEqual(expect.any(Number));
  });

  it("a hidden tab leaves the page once; coming back counts visible time again without a new view", async () => {
    const { trackPage } = await load();
    trackPage("/en/home");
    setVisibility("hidden");
    setVisibility("hidden");
    setVisibility("visible");
    setVisibility("hidden");
    // (Listeners of the previous test's copy of the module still hear these events: only this page's count.)
    expect(sent.filter((s) => s.body.path === "/en/home").map((s) => s.body.event)).toEqual(["page_view", "page_leave", "page_leave"]);
  });
});
