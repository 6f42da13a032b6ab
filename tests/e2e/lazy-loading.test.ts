import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser.ts";
import { eventually } from "./flows.ts";
import { openFromExplorer, useProjectOwner } from "./workspace-flows.ts";

// The first page carries the shell and the chat list; the workspace (its layout, the editor, the
// terminal) downloads when a project opens. Chunk names are hashed, so the built sourcemaps say
// which chunk holds what.

const browser = useBrowser();
const owner = useProjectOwner(browser);

const ASSETS = resolve(import.meta.dirname, "../../dist/web/assets");

/** The built chunks (file names) whose sources include `source`. */
function chunksWith(source: string): string[] {
  const found = readdirSync(ASSETS)
    .filter((file) => file.endsWith(".js.map"))
    .filter((map) => (JSON.parse(readFileSync(join(ASSETS, map), "utf8")) as { sources: string[] }).sources.some((s) => s.includes(source)))
    .map((map) => map.replace(/\.map$/, ""));
  expect(found, `no chunk holds ${source}`).not.toEqual([]);
  return found;
}

const WORKSPACE = () => chunksWith("web/features/workspace/layout/WorkspaceLayout.tsx");
const EDITOR = () => chunksWith("node_modules/@codemirror/view/");
const TERMINAL = () => chunksWith("node_modules/@xterm/xterm/");

/** Every script the page asks for from now on, by file name. */
function recordScripts(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on("request", (request) => {
    const name = new URL(request.url()).pathname.split("/").pop() ?? "";
    if (name.endsWith(".js")) seen.add(name);
  });
  return seen;
}

const requested = (seen: Set<string>, chunks: string[]) => chunks.filter((chunk) => seen.has(chunk));

describe("code that loads on first use", () => {
  it("a signed-in home page does not download the workspace, editor or terminal; opening a project, a file and the terminal does", async () => {
    const page = owner().page;
    const seen = recordScripts(page);
    await page.goto("/en/home");
    await page.getByTestId("chat-list").waitFor();
    // Idle-time downloads (the chat room, markdown, toasts) happen now; the workspace must not be among them.
    await page.waitForLoadState("networkidle");
    expect(requested(seen, WORKSPACE())).toEqual([]);
    expect(requested(seen, EDITOR())).toEqual([]);
    expect(requested(seen, TERMINAL())).toEqual([]);

    await owner().openFreshProject("Lazy");
    expect(requested(seen, WORKSPACE())).not.toEqual([]);
    expect(requested(seen, TERMINAL())).toEqual([]);

    await openFromExplorer(page, "README.md");
    expect(requested(seen, EDITOR())).not.toEqual([]);

    await page.getByTestId("terminal-open").click();
    await page.getByTestId("terminal-window").waitFor();
    await eventually(() => requested(seen, TERMINAL()).length).toBeGreaterThan(0);
  });

  it("a part that fails to download says so with a Retry button, and Retry loads it", async () => {
    const page = owner().page;
    await page.goto("/en/home");
    await page.getByTestId("chat-list").waitFor();
    await page.waitForLoadState("networkidle");

    // Offline for the search dialog's code: opening it shows the failure, not a blank screen.
    const dialogChunks = chunksWith("web/features/search/SearchDialog.tsx").map((file) => `**/assets/${file}`);
    for (const pattern of dialogChunks) await page.route(pattern, (route) => route.abort("internetdisconnected"));
    await page.getByTestId("open-search").click();
    const failed = page.getByTestId("lazy-failed");
    await failed.waitFor();
    expect(await failed.getByRole("alert").textContent()).toContain("could not be loaded");
    expect(await page.getByTestId("search-dialog").count()).toBe(0);

    // Back online. Chromium remembers a failed import for the page's lifetime, so Retry fails at once
    // there and reloads the page, which then opens the part; a browser that tries again loads it in place.
    for (const pattern of dialogChunks) await page.unroute(pattern);
    const reloaded = page.waitForEvent("load", { timeout: 15_000 }).then(
      () => true,
      () => false,
    );
    await page.getByTestId("lazy-retry").click();
    await Promise.race([page.getByTestId("search-dialog").waitFor(), reloaded]);
    if (await reloaded) {
      await page.getByTestId("chat-list").waitFor();
      await page.getByTestId("open-search").click();
    }
    await page.getByTestId("search-dialog").waitFor();
    await failed.waitFor({ state: "detached" });
  });
});
