import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, inject } from "vitest";
import { CHROMIUM_PATH } from "./config.ts";

export const baseUrl = () => inject("baseUrl");

/** Debian's Chromium, never a downloaded one; flags keep it off the (closed) network. */
export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}

/** A context is one person: own cookies and local storage. */
export async function newPerson(browser: Browser, locale = "en-US"): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), locale, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** One Chromium per test file, launched before its tests and closed after them. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === "fail" && browser) await describePages(browser);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("the browser is not launched yet");
    return browser;
  };
}

/**
 * Resizes the page (a phone turning, a window resized) and waits until the app drew the new size.
 * The app's media-query listeners run in the browser's next frame, after `setViewportSize` has
 * returned: an action taken before that lands on the old layout while it is being replaced (a
 * click on a row that is swapped for its phone version in the middle of the click is lost).
 */
export async function resizeTo(page: Page, width: number, height: number): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * After a failure, where each page still open was and what it showed: CI prints only the test's
 * output, so this is what tells a wrong page from a slow one.
 */
async function describePages(browser: Browser): Promise<void> {
  for (const [c, context] of browser.contexts().entries()) {
    for (const [p, page] of context.pages().entries()) {
      const size = page.viewportSize();
      const shown = await page
        .evaluate(() => {
          const text = document.body.innerText.replace(/\s+/g, " ").slice(0, 400);
          // Each message list's scroll position and the rows it has drawn: a list left above its
          // newest rows looks, from outside, just like a message that never came.
          const lists = Array.from(document.querySelectorAll<HTMLElement>(".message-list__scroller")).map((el) => {
            const rows = Array.from(el.querySelectorAll<HTMLElement>("[data-index]"));
            const last = rows.at(-1);
            const lastText = last ? `${last.dataset.index} (${(last.innerText || "").replace(/\s+/g, " ").slice(0, 60)})` : "none";
            return `list: scrollTop ${Math.round(el.scrollTop)} of ${el.scrollHeight}, ${el.clientHeight} tall, following ${el.dataset.following}; ${rows.length} rows drawn, last ${lastText}`;
          });
          // The chat the list shows as open: told apart from the address, it shows a lost tap.
          const open = Array.from(document.querySelectorAll<HTMLElement>('[data-testid^="chat-row-"][data-selected="true"]'));
          const selected = `open chat in the list: ${open.map((el) => el.dataset.testid).join(", ") || "none"}`;
          return [text, selected, ...lists].join("\n  ");
        })
        .catch((error: unknown) => `(unreadable: ${String(error)})`);
      console.log(`[failed test] person ${c + 1}, page ${p + 1}: ${page.url()} at ${size?.width}x${size?.height}\n  shows: ${shown}`);
    }
  }
}
