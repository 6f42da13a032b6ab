import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../../../../web/ui/toast";
import { ApiError, api, configureClient, isCancelError, request, resetClient, REQUEST_TIMEOUT_MS } from "../../../../web/app/api/client";
import { fetchJson, REQUIRE_REAUTH } from "../../../../web/app/api/fetchJson";
import { swrFetcher } from "../../../../web/app/api/swr";
import { hangingFetch, jsonResponse, memoryStorage, stubWindow } from "../../browserStubs";

vi.mock("../../../../web/ui/toast", () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() } }));

const ok = (data: unknown) => jsonResponse({ code: 200, data, message: "ok" });

/** The headers of the n-th fetch call, as a plain object. */
function sentHeaders(fetchMock: ReturnType<typeof vi.fn>, call = 0): Record<string, string> {
  const init = fetchMock.mock.calls[call]?.[1] as RequestInit;
  return Object.fromEntries(new Headers(init.headers).entries());
}

beforeEach(() => {
  resetClient();
  vi.stubGlobal("localStorage", memoryStorage());
  stubWindow("/home");
});

afterEach(() => {
  vi.useRealTimers();
});

describe("request", () => {
  it("resolves with the envelope's data on code 200", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => ok({ organizationId: "org_1" })),
    );
    await expect(request("/api/user/current-organization")).resolves.toEqual({ organizationId: "org_1" });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("sends JSON, credentials, client-info, Timezone and the stored bearer token", async () => {
    vi.stubGlobal("localStorage", memoryStorage({ bearer_token: "tok_123" }));
    const fetchMock = vi.fn(async () => ok(null));
    vi.stubGlobal("fetch", fetchMock);
    await api.post("/api/user/update-organization", { organizationId: "org_2" });

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/user/update-organization");
    expect(init.method).toBe("POST");
    expect(init.credentials).toBe("include");
    expect(init.body).toBe(JSON.stringify({ organizationId: "org_2" }));
    const headers = sentHeaders(fetchMock);
    expect(headers.authorization).toBe("Bearer tok_123");
    expect(headers["client-info"]).toBe("web");
    expect(headers.timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(headers["content-type"]).toBe("application/json");
  });

  it("sends no Authorization header without a stored token, and query params on the url", async () => {
    const fetchMock = vi.fn(async () => ok({ users: [] }));
    vi.stubGlobal("fetch", fetchMock);
    await api.get("/api/dev/users", { query: "ada lovelace", empty: undefined });
    expect((fetchMock.mock.calls[0] as unknown[])[0]).toBe("/api/dev/users?query=ada+lovelace");
    expect(sentHeaders(fetchMock).authorization).toBeUndefined();
  });

  it("rejects with 'Request timeout' after 60 s and shows it", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("fetch", hangingFetch());
    const outcome = request("/api/usage").catch((error: unknown) => error);

    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(toast.error).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);

    const error = (await outcome) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe("Request timeout");
    expect(error.kind).toBe("timeout");
    expect(toast.error).toHaveBeenCalledWith("Request timeout", expect.anything());
  });

  it("cancels an earlier identical in-flight request, silently", async () => {
    const fetchMock = hangingFetch();
    vi.stubGlobal("fetch", fetchMock);
    const first = request("/api/usage").catch((error: unknown) => error);
    fetchMock.mockImplementationOnce(async () => ok({ fresh: true }));
    const second = request("/api/usage");

    const cancelled = await first;
    expect(isCancelError(cancelled)).toBe(true);
    await expect(second).resolves.toEqual({ fresh: true });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("treats method, params and body as part of what makes requests identical", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => ok("done")),
    );
    const results = await Promise.all([
      api.get("/api/dev/users", { query: "a" }),
      api.get("/api/dev/users", { query: "b" }),
      api.post("/api/organizations/join", { inviteCode: "A" }),
      api.post("/api/organizations/join", { inviteCode: "B" }),
      api.put("/api/organizations/join", { inviteCode: "A" }),
    ]);
    expect(results).toEqual(["done", "done", "done", "done", "done"]);
  });

  it("lets the SWR fetcher follow the request that replaced a cancelled one", async () => {
    const fetchMock = hangingFetch();
    vi.stubGlobal("fetch", fetchMock);
    const first = swrFetcher("/api/membership/status");
    fetchMock.mockImplementationOnce(async () => ok({ tier: "starter" }));
    const second = swrFetcher("/api/membership/status");
    await expect(first).resolves.toEqual({ tier: "starter" });
    await expect(second).resolves.toEqual({ tier: "starter" });
  });

  describe("on 401", () => {
    it("posts logout to the parent window and goes to /home, without a toast", async () => {
      const { parent, location } = stubWindow("/membership");
      vi.stubGlobal("localStorage", memoryStorage({ bearer_token: "stale" }));
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => jsonResponse({ code: 401, data: null, message: "Unauthorized" }, 401)),
      );

      const error = (await request("/api/usage").catch((e: unknown) => e)) as ApiError;
      expect(error.kind).toBe("unauthorized");
      // Only to origins allowed to embed the app (here none but the app itself), never "*".
      expect(parent.postMessage).toHaveBeenCalledWith({ type: "logout" }, "http://localhost");
      expect(parent.postMessage).not.toHaveBeenCalledWith(expect.anything(), "*");
      expect(location.assign).toHaveBeenCalledWith("/home");
      expect(localStorage.getItem("bearer_token")).toBeNull();
      expect(toast.error).not.toHaveBeenCalled();
    });

    it("logs out once when several calls fail together", async () => {
      const { parent, location } = stubWindow("/usage");
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => jsonResponse({ code: 401, data: null, message: "Unauthorized" }, 401)),
      );
      await Promise.all([request("/api/a"), request("/api/b"), request("/api/c")].map((p) => p.catch(() => {})));
      expect(parent.postMessage).toHaveBeenCalledTimes(1);
      expect(location.assign).toHaveBeenCalledTimes(1);
    });

    it("keeps the language prefix of the current page", async () => {
      const { location } = stubWindow("/zh/usage");
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => jsonResponse({ code: 401, data: null, message: "Unauthorized" }, 401)),
      );
      await request("/api/usage").catch(() => {});
      expect(location.assign).toHaveBeenCalledWith("/zh/home");
    });

    it("reacts the same to an envelope code 401 inside HTTP 200", async () => {
      const { parent } = stubWindow("/en/dev-settings");
      const navigate = vi.fn();
      const onSessionEnded = vi.fn();
      configureClient({ navigate, onSessionEnded });
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => jsonResponse({ code: 401, data: null, message: "Session expired" })),
      );

      await expect(request("/api/user-dev-func")).rejects.toMatchObject({ kind: "unauthorized" });
      expect(parent.postMessage).toHaveBeenCalledWith({ type: "logout" }, "http://localhost");
      expect(onSessionEnded).toHaveBeenCalledTimes(1);
      expect(navigate).toHaveBeenCalledWith("/en/home");
      expect(toast.error).not.toHaveBeenCalled();
    });
  });

  describe("errors", () => {
    it("toasts the server message of a business code", async () => {
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => jsonResponse({ code: 10001, data: null, message: "Quota exceeded" })),
      );
      await expect(request("/api/x")).rejects.toMatchObject({ message: "Quota exceeded", code: 10001, kind: "business" });
      expect(toast.error).toHaveBeenCalledWith("Quota exceeded", expect.anything());
    });

    it("toasts the message of an HTTP error envelope", async () => {
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => jsonResponse({ code: 404, data: null, message: "Invalid invite code" }, 404)),
      );
      await expect(api.post("/api/organizations/join", { inviteCode: "NOPE" })).rejects.toMatchObject({ status: 404, message: "Invalid invite code" });
      expect(toast.error).toHaveBeenCalledWith("Invalid invite code", expect.anything());
    });

    it.each([10834, 10835])("keeps code %i silent", async (code) => {
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => jsonResponse({ code, data: null, message: "File limit reached" })),
      );
      await expect(request("/api/files")).rejects.toMatchObject({ code });
      expect(toast.error).not.toHaveBeenCalled();
    });

    it("does not toast when the caller shows the error itself", async () => {
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => jsonResponse({ code: 403, data: null, message: "Forbidden" }, 403)),
      );
      await expect(request("/api/x", { silent: true })).rejects.toMatchObject({ message: "Forbidden" });
      expect(toast.error).not.toHaveBeenCalled();
    });

    it("rejects a network failure with an empty message and no toast", async () => {
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
      );
      await expect(request("/api/x")).rejects.toMatchObject({ kind: "network", message: "" });
      expect(toast.error).not.toHaveBeenCalled();
    });

    it("falls back to 'Network anomaly', or the server-fault text for a 5xx without a body", async () => {
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => new Response("", { status: 400 })),
      );
      await expect(request("/api/a")).rejects.toMatchObject({ message: "Network anomaly" });
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => new Response("<html>oops</html>", { status: 502 })),
      );
      await expect(request("/api/b")).rejects.toMatchObject({ message: "Internal Server Error - Please check the server logs" });
    });

    it("uses msg or error when the body has no message", async () => {
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => jsonResponse({ code: 500, msg: "Database is down" }, 500)),
      );
      await expect(request("/api/a")).rejects.toMatchObject({ message: "Database is down" });
    });
  });
});

describe("fetchJson (same-origin helper)", () => {
  it("returns the parsed body", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse({ success: true })),
    );
    await expect(fetchJson("/api/thing")).resolves.toEqual({ success: true });
  });

  it("throws the server's error text, else 'HTTP {status}'", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse({ error: "Project not found" }, 404)),
    );
    await expect(fetchJson("/api/thing")).rejects.toThrow("Project not found");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("", { status: 503 })),
    );
    await expect(fetchJson("/api/thing")).rejects.toThrow("HTTP 503");
  });

  it("signs out to the sign-in page and raises REQUIRE_REAUTH when the server demands it", async () => {
    stubWindow("/zh/home");
    vi.stubGlobal("localStorage", memoryStorage({ bearer_token: "tok" }));
    const navigate = vi.fn();
    configureClient({ navigate });
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith("/sign-out") ? jsonResponse({ success: true }) : jsonResponse({ requireReauth: true, error: "Please sign in again" }, 401),
    );
    vi.stubGlobal("fetch", fetchMock);

    await expect(fetchJson("/api/thing")).rejects.toThrow(REQUIRE_REAUTH);
    expect(fetchMock.mock.calls.some(([input]) => String(input) === "/api/auth/sign-out")).toBe(true);
    expect(navigate).toHaveBeenCalledWith("/zh/auth/signin");
    expect(localStorage.getItem("bearer_token")).toBeNull();
  });
});
