import { workerFetch } from "../worker-fetch";
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../../worker/index";
import { spaPolicy } from "../../../worker/lib/security-headers";
import { ORIGIN, PASSWORD, freshIp, signUp } from "../helpers";

/**
 * Every response says how a browser may use it (nosniff, a CSP with
 * frame-ancestors from EMBED_ORIGINS), and session cookies are Secure in production by default and
 * cross-site capable only when another site may embed the app.
 */

/** The real Worker with some settings changed, as a deploy with those vars would run it. */
async function withSettings(vars: Record<string, string>, request: Request): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(request, { ...env, ...vars } as typeof env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/**
 * A sign-in at `origin`. Sent without an Origin header (a non-browser client): the test runtime
 * exposes its own BETTER_AUTH_URL to better-auth through process.env, whose origin check would
 * otherwise refuse any origin but http://localhost.
 */
function signInRequest(origin: string, email: string): Request {
  return new Request(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": freshIp() },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
}

function sessionCookie(res: Response): string {
  return res.headers.getSetCookie().find((c) => c.includes("session_token=")) ?? "";
}

describe("security headers", () => {
  it("API answers carry nosniff and a CSP that runs nothing and frames only in the app", async () => {
    const user = await signUp("Hedda Headers");
    for (const res of [
      await workerFetch(`${ORIGIN}/api/user`, { headers: { authorization: `Bearer ${user.token}` } }),
      await workerFetch(`${ORIGIN}/api/user`),
      await workerFetch(`${ORIGIN}/api/no-such-route`),
    ]) {
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'self'");
      await res.body?.cancel();
    }
  });

  it("frame-ancestors lists exactly the configured EMBED_ORIGINS", async () => {
    const res = await withSettings({ EMBED_ORIGINS: "https://portal.example.com, http://localhost:9000/" }, new Request(`${ORIGIN}/api/user`));
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'self' https://portal.example.com http://localhost:9000");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("a malformed EMBED_ORIGINS or IMAGE_HOSTS entry is a configuration error naming the setting", async () => {
    await expect(withSettings({ EMBED_ORIGINS: "*" }, new Request(`${ORIGIN}/api/user`))).rejects.toThrow(/EMBED_ORIGINS entry "\*"/);
    await expect(withSettings({ IMAGE_HOSTS: "javascript:alert(1)" }, new Request(`${ORIGIN}/api/user`))).rejects.toThrow(/IMAGE_HOSTS entry/);
  });

  it("pages outside /api (the SPA) carry nosniff and frame-ancestors too", async () => {
    const res = await withSettings({ EMBED_ORIGINS: "https://portal.example.com" }, new Request(`${ORIGIN}/chats`));
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'self' https://portal.example.com");
  });
});

describe("the SPA's content security policy", () => {
  it("allows only our own script, images from the app and IMAGE_HOSTS, and sockets to this host", () => {
    const csp = spaPolicy(
      { ...env, IMAGE_HOSTS: "images.example.com, *.cdn.example.net", EMBED_ORIGINS: "https://portal.example.com" } as typeof env,
      new URL("https://chat.example.com/chats"),
    );
    const directives = Object.fromEntries(csp.split("; ").map((d) => [d.split(" ")[0], d.slice(d.indexOf(" ") + 1)]));
    expect(directives["script-src"]).toBe("'self'");
    expect(directives["img-src"]).toBe("'self' data: blob: https://images.example.com https://*.cdn.example.net");
    expect(directives["connect-src"]).toBe("'self' wss://chat.example.com");
    expect(directives["object-src"]).toBe("'none'");
    expect(directives["base-uri"]).toBe("'self'");
    expect(directives["frame-ancestors"]).toBe("'self' https://portal.example.com");
    expect(csp).not.toContain("unsafe-eval");
    expect(directives["script-src"]).not.toContain("unsafe-inline");
  });
});

describe("session cookie attributes", () => {
  it("production (https, no BETTER_AUTH_URL) gets Secure cookies; plain http on localhost does not", async () => {
    const user = await signUp("Cora Cookie");
    const prod = await withSettings({ BETTER_AUTH_URL: "" }, signInRequest("https://chat.example.com", user.email));
    expect(prod.status).toBe(200);
    expect(sessionCookie(prod)).toMatch(/; Secure/i);
    expect(sessionCookie(prod)).toMatch(/SameSite=Lax/i);
    const local = await withSettings({ BETTER_AUTH_URL: "" }, signInRequest("http://127.0.0.1:8787", user.email));
    expect(local.status).toBe(200);
    expect(sessionCookie(local)).not.toMatch(/; Secure/i);
    expect(sessionCookie(local)).toMatch(/HttpOnly/i);
  });

  it("a BETTER_AUTH_URL on https makes even a plain http request's cookie Secure", async () => {
    const user = await signUp("Sam Secure");
    const res = await withSettings({ BETTER_AUTH_URL: "https://chat.example.com" }, signInRequest("http://chat.example.com", user.email));
    expect(res.status).toBe(200);
    expect(sessionCookie(res)).toMatch(/; Secure/i);
  });

  it("when another site may embed the app, the cookie is SameSite=None; Secure; Partitioned", async () => {
    const user = await signUp("Emma Embed");
    const res = await withSettings({ EMBED_ORIGINS: "https://portal.example.com", BETTER_AUTH_URL: "" }, signInRequest("http://localhost", user.email));
    expect(res.status).toBe(200);
    const cookie = sessionCookie(res);
    expect(cookie).toMatch(/SameSite=None/i);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; Partitioned/i);
    // The default deploy keeps Lax: nothing cross-site needs the cookie.
    const plain = await withSettings({ BETTER_AUTH_URL: "" }, signInRequest("http://localhost", user.email));
    expect(sessionCookie(plain)).toMatch(/SameSite=Lax/i);
  });
});
