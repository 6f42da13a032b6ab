import { expect } from "vitest";
import type { Page } from "playwright-core";

/** Signs in through the real form and waits for the app shell. */
export async function signIn(page: Page, email: string, password: string, lang = "en"): Promise<void> {
  await page.goto(`/${lang}/auth/signin`);
  await page.getByTestId("signin-email").fill(email);
  await page.getByTestId("signin-password").fill(password);
  await page.getByTestId("signin-submit").click();
  await page.getByTestId("app-shell").waitFor();
}

export async function signUp(page: Page, name: string, email: string, password: string): Promise<void> {
  await page.goto("/en/auth/signup");
  await page.getByTestId("signup-name").fill(name);
  await page.getByTestId("signup-email").fill(email);
  await page.getByTestId("signup-password").fill(password);
  await page.getByTestId("signup-submit").click();
  await page.getByTestId("app-shell").waitFor();
}

export async function openUserMenu(page: Page): Promise<void> {
  await page.getByTestId("user-menu-trigger").click();
  await page.getByTestId("user-menu").waitFor();
}

export async function signOut(page: Page): Promise<void> {
  await openUserMenu(page);
  await page.getByTestId("menu-signout").click();
  await page.getByTestId("landing").waitFor();
}

/** What the server says about this browser's session, through the page's own cookies. */
export async function serverSession(page: Page): Promise<any> {
  const res = await page.request.get("/api/auth/session");
  expect(res.status()).toBe(200);
  return (await res.json()).data;
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}
