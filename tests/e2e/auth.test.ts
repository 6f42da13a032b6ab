import { describe, expect, it } from "vitest";
import { baseUrl, newPerson, useBrowser } from "./browser.ts";
import { openUserMenu, serverSession, signIn, signOut, signUp, uniqueEmail } from "./flows.ts";

const browser = useBrowser();

describe("accounts in the browser", () => {
  it("signs up, signs out and signs in again", async () => {
    const { context, page } = await newPerson(browser());
    const email = uniqueEmail("grace");
    await signUp(page, "Grace Hopper", email, "compilers-are-fun");

    await openUserMenu(page);
    await expect.poll(() => page.getByTestId("user-menu-name").textContent()).toContain("Grace Hopper");
    expect(await page.getByTestId("user-menu-email").textContent()).toContain(email);
    expect(await page.getByTestId("plan-badge").textContent()).toContain("Free");
    await page.keyboard.press("Escape");
    expect(await page.getByTestId("current-org-name").textContent()).toContain("Grace Hopper's Organization");
    expect((await serverSession(page)).email).toBe(email);

    await signOut(page);
    expect(await serverSession(page)).toBeNull();
    expect(await page.getByTestId("landing-signin").isVisible()).toBe(true);

    await signIn(page, email, "compilers-are-fun");
    expect((await serverSession(page)).email).toBe(email);
    await context.close();
  });

  it("the sign-up form refuses a common password in English and Chinese, as the server does", async () => {
    const { context, page } = await newPerson(browser());
    const email = uniqueEmail("common");
    for (const [lang, text] of [
      ["en", "This password is too common"],
      ["zh", "该密码过于常见"],
    ] as const) {
      await page.goto(`/${lang}/auth/signup`);
      await page.getByTestId("signup-name").fill("Common Carl");
      await page.getByTestId("signup-email").fill(email);
      await page.getByTestId("signup-password").fill("Password123!");
      await page.getByTestId("signup-submit").click();
      await expect.poll(() => page.locator(".field__error").allTextContents()).toEqual([expect.stringContaining(text)]);
    }
    // The form never sent it; the server would have refused it with the same text.
    const r = await page.evaluate(async (address) => {
      const res = await fetch("/api/auth/sign-up/email", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Common Carl", email: address, password: "Password123!" }),
      });
      return { status: res.status, body: await res.json() };
    }, email);
    expect(r).toMatchObject({ status: 400, body: { message: "This password is too common. Please choose a less common one." } });
    await context.close();
  });

  it("signing up with a taken e-mail and another password reveals nothing on sign-up and leaves the owner's account alone", async () => {
    const { context, page } = await newPerson(browser());
    await page.goto("/zh/auth/signup");
    await page.getByTestId("signup-name").fill("Copy Cat");
    await page.getByTestId("signup-email").fill("alice@example.com");
    await page.getByTestId("signup-password").fill("kitten-mittens-42");
    await page.getByTestId("signup-submit").click();
    await expect.poll(() => page.getByTestId("auth-error").textContent()).toContain("如果该邮箱已有账号");
    expect(await serverSession(page)).toBeNull();
    await signIn(page, "alice@example.com", "alice-demo-pass");
    expect((await serverSession(page)).name).not.toBe("Copy Cat");
    await context.close();
  });

  it("shows the error for a wrong password and stays signed out", async () => {
    const { context, page } = await newPerson(browser());
    await page.goto("/en/auth/signin");
    await page.getByTestId("signin-email").fill("alice@example.com");
    await page.getByTestId("signin-password").fill("not-her-password");
    await page.getByTestId("signin-submit").click();
    await expect.poll(() => page.getByTestId("auth-error").textContent()).toContain("Invalid email or password");
    expect(await serverSession(page)).toBeNull();
    await context.close();
  });

  it("redirects an unauthenticated visitor to the home page", async () => {
    const { context, page } = await newPerson(browser());
    // The redirect screen shows for about 100 ms by design; record it rather than race to see it.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.body?.textContent?.includes("Redirecting to the home page...")) (window as any).__sawRedirect = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto("/en/usage");
    // Home, remembering the page asked for: signing in from there leads back to it.
    await page.waitForURL(/\/en\/home\?redirect=%2Fen%2Fusage$/);
    expect(await page.evaluate(() => (window as any).__sawRedirect)).toBe(true);
    await page.getByTestId("landing").waitFor();
    await context.close();
  });

  it("sends a visitor whose session ended back to /home", async () => {
    const { context, page } = await newPerson(browser());
    await signIn(page, "bob@example.com", "bob-demo-pass");
    await page.goto("/en/usage");
    await page.getByTestId("usage-plan").waitFor();
    // The session ends on the server (as if it expired); the next call gets a 401.
    const out = await page.request.post("/api/auth/sign-out", { data: {}, headers: { origin: baseUrl() } });
    expect(out.status()).toBe(200);
    await page.goto("/en/usage");
    await page.waitForURL(/\/en\/home\?redirect=%2Fen%2Fusage$/);
    await page.getByTestId("landing").waitFor();
    await context.close();
  });
});
