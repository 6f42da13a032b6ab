import { createServer, type Server } from "node:http";
import type { Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, newPerson, useBrowser } from "./browser.ts";
import { EMBED_PARENT_PORT, FOREIGN_PARENT_PORT } from "./config.ts";
import { ALICE, eventually, openChat, sendText, signInToAcme, uniqueEmail } from "./flows.ts";

/**
 * In Chromium: a parent page on `localhost` (another site than the app on
 * 127.0.0.1) frames the app. Listed in EMBED_ORIGINS (global-setup.ts) it works and keeps its
 * session across a reload even without storage; not listed, the browser refuses to show it; the
 * logout message goes to the listed parent only.
 */

/** A parent page that frames the app and records every message it receives. */
function parentPage(appUrl: string): string {
  return `<!doctype html><html><body>
<script>window.received = []; addEventListener("message", (e) => window.received.push({ origin: e.origin, data: e.data }));</script>
<iframe id="app" src="${appUrl}/en/auth/signin" style="width:1200px;height:760px"></iframe>
</body></html>`;
}

function serveParent(port: number): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(parentPage(baseUrl()));
  });
  return new Promise((resolve) => server.listen(port, "localhost", () => resolve(server)));
}

function appFrame(page: Page): Frame {
  const frame = page.frames().find((f) => f !== page.mainFrame());
  if (!frame) throw new Error("no app frame");
  return frame;
}

const PASSWORD = "Quiet-harbor-lantern-4417";

describe("embedding the app in another site's page", () => {
  const browser = useBrowser();
  const servers: Server[] = [];
  beforeAll(async () => {
    servers.push(await serveParent(EMBED_PARENT_PORT), await serveParent(FOREIGN_PARENT_PORT));
  });
  afterAll(async () => {
    for (const s of servers) await new Promise((r) => s.close(r));
  });

  it("an allowed parent frames the app, the session survives a reload without storage, and only it hears logout", async () => {
    const { context, page } = await newPerson(browser());
    // An account made outside the frame; the frame only signs in.
    const email = uniqueEmail("embed");
    const signUp = await page.request.post("/api/auth/sign-up/email", {
      data: { name: "Embed Erin", email, password: PASSWORD },
      headers: { origin: baseUrl() },
    });
    expect(signUp.status(), await signUp.text()).toBe(200);

    await page.goto(`http://localhost:${EMBED_PARENT_PORT}/`);
    const frame = appFrame(page);
    await frame.getByTestId("signin-email").fill(email);
    await frame.getByTestId("signin-password").fill(PASSWORD);
    await frame.getByTestId("signin-submit").click();
    await frame.getByTestId("app-shell").waitFor();

    // Chromium denies a third-party frame its storage, so no bearer token was kept: the cookie carries the session.
    const stored = () =>
      frame.evaluate(() => {
        try {
          return localStorage.getItem("bearer_token");
        } catch {
          return "denied";
        }
      });
    expect([null, "denied"]).toContain(await stored());
    await frame.goto(`${baseUrl()}/en/home`);
    await frame.getByTestId("app-shell").waitFor();
    expect([null, "denied"]).toContain(await stored());
    const session = await frame.evaluate(async () => (await fetch("/api/auth/session", { credentials: "include" })).json());
    expect(session.data?.email, JSON.stringify(session)).toBe(email);

    // The session ends on the server; the next call's 401 tells the parent, addressed to it only.
    const cookies = await context.cookies(baseUrl());
    const sessionCookie = cookies.find((c) => c.name.endsWith("session_token"));
    expect(sessionCookie, JSON.stringify(cookies)).toBeDefined();
    expect(sessionCookie!.sameSite).toBe("None");
    expect(sessionCookie!.secure).toBe(true);
    await frame.evaluate(async () => {
      await fetch("/api/auth/sign-out", { method: "POST", credentials: "include", headers: { "content-type": "application/json" }, body: "{}" });
    });
    // A client-side move to a page that calls the API, as a person clicking on would.
    await frame.evaluate(() => {
      history.pushState({}, "", "/en/usage");
      dispatchEvent(new PopStateEvent("popstate"));
    });
    await eventually(() => page.evaluate(() => (window as any).received.length)).toBeGreaterThan(0);
    const received = await page.evaluate(() => (window as any).received);
    expect(received).toContainEqual({ origin: baseUrl(), data: { type: "logout" } });
    await context.close();
  });

  it("a parent that is not listed cannot show the app (frame-ancestors)", async () => {
    const { context, page } = await newPerson(browser());
    const refused: string[] = [];
    page.on("console", (m) => {
      if (/frame-ancestors/.test(m.text())) refused.push(m.text());
    });
    await page.goto(`http://localhost:${FOREIGN_PARENT_PORT}/`);
    await eventually(() => refused.length).toBeGreaterThan(0);
    const frame = appFrame(page);
    // The frame holds the browser's error page, not the app: nothing of ours runs there.
    expect(await frame.locator('[data-testid="signin-email"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as any).received)).toEqual([]);
    await context.close();
  });

  it("the app's own pages carry the CSP and frame-ancestors, and the app still works under it", async () => {
    const { context, page } = await newPerson(browser());
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    const res = await page.goto("/en/auth/signin");
    const csp = res!.headers()["content-security-policy"] ?? "";
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain(`frame-ancestors 'self' http://localhost:${EMBED_PARENT_PORT}`);
    expect(res!.headers()["x-content-type-options"]).toBe("nosniff");
    await page.getByTestId("signin-email").waitFor();
    // Signed in, a chat with its markdown, code blocks and socket: nothing the app needs is refused.
    await signInToAcme(page, ALICE);
    await openChat(page, "chat_demo_launch");
    await sendText(page, "CSP check: **bold** and `code`\n\n\`\`\`ts\nconst x = 1;\n\`\`\`");
    await page.locator('[data-testid^="message-content-"]', { hasText: "CSP check" }).first().waitFor();
    expect(violations).toEqual([]);
    await context.close();
  });
});
