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
    describeOnClose(browser);
  });
  afterEach(async ({ task }) => {
    const failed = task.result?.state === "fail" && browser !== undefined;
    const views = failed ? [...closedViews, ...(await describeContexts(browser!.contexts(), "open"))].join("\n") : "";
    closedViews = [];
    people = new WeakMap();
    opened = 0;
    if (!views) return;
    console.log(views);
    // The failure's own message carries them too: CI shows the failures' summary even when it cuts the log.
    const error = task.result?.errors?.[0];
    if (error && views) error.message = `${error.message}\n\nWhat each person's pages showed:\n${views}`;
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

/** What the pages of contexts closed during the current test showed as they closed. */
let closedViews: string[] = [];
/** Each context of the current test, numbered in the order they were opened: "person 1", "person 2". */
let people = new WeakMap<BrowserContext, number>();
let opened = 0;

/**
 * Tests close their people's contexts in `finally`, before any after-hook sees a failure: each
 * context describes its pages as it closes, and the after-hook prints those if the test failed.
 */
function describeOnClose(browser: Browser): void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    opened += 1;
    people.set(context, opened);
    const close = context.close.bind(context);
    context.close = async (closeOptions) => {
      closedViews.push(...(await describeContexts([context], "at close")));
      return close(closeOptions);
    };
    return context;
  };
}

/**
 * After a failure, where each page was and what it showed: CI prints only the test's output, so
 * this is what tells a wrong page from a slow one.
 */
async function describeContexts(contexts: BrowserContext[], when: string): Promise<string[]> {
  const views: string[] = [];
  for (const context of contexts) {
    for (const [p, page] of context.pages().entries()) {
      const size = page.viewportSize();
      const look = page
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
      // A page that hangs must not hang the close that asked.
      const shown = await Promise.race([look, new Promise<string>((resolve) => setTimeout(() => resolve("(no answer within 2 s)"), 2_000))]);
      const who = people.get(context) ?? "?";
      views.push(`[failed test] person ${who}, page ${p + 1} (${when}): ${page.url()} at ${size?.width}x${size?.height}\n  shows: ${shown}`);
    }
  }
  return views;
}
