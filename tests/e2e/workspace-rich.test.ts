import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, newPerson, useBrowser } from "./browser.ts";
import { BOB, eventually, signInToAcme, uniqueName } from "./flows.ts";
import { createProjectByApi, editorText, openFromExplorer, useProjectOwner, waitForWorkspace, writeServerFile } from "./workspace-flows.ts";

// The editor's richer parts (spec 03 §2, §2.3, §5, §8, §9): links to a project's file, the markdown
// hover menu and its image upload, the editor's and the diff's remembered places, the side preview of a reference.

const browser = useBrowser();
const owner = useProjectOwner(browser);

/** A 1×1 PNG, a real image the server proves from its bytes. */
const PIXEL = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

async function projectWithFiles(page: Page, prefix: string, files: Record<string, string>): Promise<{ projectId: string; chatId: string }> {
  const project = await createProjectByApi(page, uniqueName(prefix));
  owner().made(project);
  for (const [path, content] of Object.entries(files)) await writeServerFile(page, project.projectId, path, content);
  return project;
}

/** Opens the project through the app's own link to it, as someone following a shared link would. */
async function followLink(page: Page, path: string, chatId: string): Promise<void> {
  await page.goto(path);
  await page.waitForURL(new RegExp(`/home\\?chatId=${chatId}$`));
  await waitForWorkspace(page);
}

const activeTab = (page: Page) => page.getByTestId("file-viewer").locator('[role="tab"][aria-selected="true"]').getAttribute("data-testid");

/** Hovers the editor until the markdown menu shows (it waits 500 ms for a resting pointer). */
async function showMarkdownMenu(page: Page): Promise<void> {
  await page.getByTestId("code-editor").hover({ position: { x: 40, y: 60 } });
  await page.locator('[data-testid="markdown-menu"][data-shown="true"]').waitFor();
}

async function cursorToEnd(page: Page): Promise<void> {
  await page.getByTestId("code-editor-content").click();
  await page.keyboard.press("Control+End");
}

describe("workspace editor: links, markdown tools, remembered places", () => {
  it("opens a project's file from a link, with or without the language, and copies such a link from a tab", async () => {
    const page = owner().page;
    const { projectId, chatId } = await projectWithFiles(page, "Linked", { "src/a.ts": "export const a = 1;\n", "notes.md": "# Notes\n" });

    await followLink(page, `/en/home/coding-projects/${projectId}?filePath=src/a.ts`, chatId);
    await eventually(() => activeTab(page)).toBe("viewer-tab-src/a.ts");
    await eventually(() => editorText(page)).toBe("export const a = 1;\n");

    await followLink(page, `/home/coding-projects/${projectId}?filePath=notes.md`, chatId);
    await eventually(() => activeTab(page)).toBe("viewer-tab-notes.md");

    // Copy link on a tab gives the same kind of link; following it opens that file again.
    await page.evaluate(() => {
      const w = window as unknown as { __copied?: string };
      navigator.clipboard.writeText = async (text: string) => void (w.__copied = text);
    });
    await page.getByTestId("viewer-tab-notes.md").click({ button: "right" });
    await page.getByTestId("viewer-tab-menu-copyLink").click();
    await page.getByText("Link copied").first().waitFor();
    const link = await page.evaluate(() => (window as unknown as { __copied: string }).__copied);
    expect(link).toBe(`${new URL(page.url()).origin}/en/home/coding-projects/${projectId}?filePath=notes.md`);
    await followLink(page, link, chatId);
    await eventually(() => activeTab(page)).toBe("viewer-tab-notes.md");
  }, 180_000);

  it("a link followed while signed out opens its file once the visitor signs in, not the home page", async () => {
    const page = owner().page;
    const { projectId, chatId } = await projectWithFiles(page, "Signed out", { "docs/plan.md": "# Plan\n" });
    const visitor = await newPerson(browser());
    try {
      const link = `/en/home/coding-projects/${projectId}?filePath=docs/plan.md`;
      await visitor.page.goto(link);
      // The visitor is sent home, and the home page's sign-in carries the link along.
      await visitor.page.getByTestId("landing").waitFor();
      expect(new URL(visitor.page.url()).searchParams.get("redirect")).toBe(link);
      await visitor.page.getByTestId("landing-signin").click();
      await visitor.page.getByTestId("signin-email").fill(owner().credentials.email);
      await visitor.page.getByTestId("signin-password").fill(owner().credentials.password);
      await visitor.page.getByTestId("signin-submit").click();
      await visitor.page.waitForURL(new RegExp(`/home\\?chatId=${chatId}$`));
      await waitForWorkspace(visitor.page);
      await eventually(() => activeTab(visitor.page)).toBe("viewer-tab-docs/plan.md");
    } finally {
      await visitor.context.close();
    }
  }, 180_000);

  it("refuses a link's path outside the project, and shows someone else's project as not found", async () => {
    const page = owner().page;
    const { projectId, chatId } = await projectWithFiles(page, "Guarded", {});
    await page.goto(`/en/home/coding-projects/${projectId}?filePath=${encodeURIComponent("../../etc/passwd")}`);
    await page.getByText("The link's file path is not allowed: it must be a path inside the project.").first().waitFor();
    await page.waitForURL(new RegExp(`/home\\?chatId=${chatId}$`));
    await waitForWorkspace(page);
    expect(await page.getByTestId("file-viewer").locator('[role="tab"]').count()).toBe(0);
    // The server refuses it as well, whoever asks.
    const direct = await page.request.get(`/api/coding-projects/${projectId}/file-content?filePath=${encodeURIComponent("/etc/passwd")}`);
    expect(direct.status()).toBe(400);

    const bob = await newPerson(browser());
    try {
      await signInToAcme(bob.page, BOB);
      await bob.page.goto(`/en/home/coding-projects/${projectId}?filePath=README.md`);
      await bob.page.getByTestId("not-found").waitFor();
      expect(bob.page.url()).toContain(`/coding-projects/${projectId}`);
    } finally {
      await bob.context.close();
    }
  }, 180_000);

  it("inserts a table from the markdown hover menu at the cursor, undone in one step", async () => {
    const page = owner().page;
    await owner().openFreshProject("Tables", ({ projectId }) => writeServerFile(page, projectId, "table.md", "# Plan\n"));
    await openFromExplorer(page, "table.md");
    // Hidden until the pointer rests on the editor.
    expect(await page.getByTestId("markdown-menu").getAttribute("data-shown")).toBeNull();
    await cursorToEnd(page);
    await showMarkdownMenu(page);
    await page.getByTestId("markdown-menu-table").click();
    await eventually(() => editorText(page)).toBe("# Plan\n\n| Column 1 | Column 2 |\n| -------- | -------- |\n| Cell 1   | Cell 2   |");
    // The header cell is selected: typing replaces it.
    await page.keyboard.type("Step");
    await eventually(() => editorText(page)).toContain("| Step | Column 2 |");

    // The shortcut does the same from the keyboard; Undo takes an insertion back whole.
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Alt+L");
    await eventually(() => editorText(page)).toContain("| Cell 1   | Cell 2   |[link text](url)");
    await page.keyboard.press("Control+z");
    await eventually(() => editorText(page)).toMatch(/\| Cell 2 {3}\|$/);

    await page.getByTestId("markup-preview").click();
    await page.getByTestId("markdown-preview").locator("table th").first().waitFor();
    expect(await page.getByTestId("markdown-preview").locator("table th").allTextContents()).toEqual(["Step", "Column 2"]);
  }, 180_000);

  it("uploads an image from the menu and inserts a link to it that renders; a wrong type is refused", async () => {
    const page = owner().page;
    await owner().openFreshProject("Images", ({ projectId }) => writeServerFile(page, projectId, "pics.md", "Diagram:\n"));
    await openFromExplorer(page, "pics.md");
    await cursorToEnd(page);

    // A text file under an image's button is refused before anything is sent.
    await page.getByTestId("markdown-image-input").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hi") });
    await page.getByText("Invalid file type. Accepted formats: JPEG, PNG, GIF, WebP, SVG").first().waitFor();

    await showMarkdownMenu(page);
    const chooser = page.waitForEvent("filechooser");
    await page.getByTestId("markdown-menu-image").click();
    await (await chooser).setFiles({ name: "pixel.png", mimeType: "image/png", buffer: PIXEL });
    await page.getByText("Image uploaded successfully!").first().waitFor();
    await eventually(() => editorText(page)).toMatch(/^Diagram:\n!\[pixel\]\(\/api\/uploads\/images\/[\w-]+\/img_[0-9a-f]{32}\.png\)$/);

    await page.getByTestId("markup-preview").click();
    const image = page.getByTestId("markdown-preview").locator('img[alt="pixel"]');
    await image.waitFor();
    await eventually(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  }, 180_000);

  it("puts the cursor back on its line when a file is reopened, also after a reload", async () => {
    const page = owner().page;
    const lines = Array.from({ length: 80 }, (_, i) => `line ${i + 1}`).join("\n");
    await owner().openFreshProject("Cursor", ({ projectId }) => writeServerFile(page, projectId, "long.txt", `${lines}\n`));
    await openFromExplorer(page, "long.txt");
    const activeLine = () => page.getByTestId("code-editor").locator(".cm-activeLine").first().textContent();
    await page.getByTestId("code-editor-content").click();
    await page.keyboard.press("Control+Home");
    for (let i = 0; i < 59; i += 1) await page.keyboard.press("ArrowDown");
    await eventually(activeLine).toBe("line 60");
    // Written to the browser's storage once the cursor rests.
    await eventually(() => page.evaluate(() => localStorage.getItem("workspace-editor-view-states") ?? "")).toContain("long.txt");

    await page.getByTestId("viewer-tab-close-long.txt").click();
    await page.getByTestId("viewer-tab-long.txt").waitFor({ state: "detached" });
    await openFromExplorer(page, "long.txt");
    await eventually(activeLine).toBe("line 60");

    await page.reload();
    await waitForWorkspace(page);
    await openFromExplorer(page, "long.txt");
    await eventually(activeLine).toBe("line 60");
  }, 180_000);

  it("puts a diff back where it was scrolled when it is reopened from the changes, also after a reload", async () => {
    const page = owner().page;
    const lines = Array.from({ length: 300 }, (_, i) => `changed line ${i + 1}`).join("\n");
    await owner().openFreshProject("Diff place", ({ projectId }) => writeServerFile(page, projectId, "README.md", `${lines}\n`));
    const pane = page.getByTestId("diff-view").getByTestId("code-editor");
    const scrolled = () => pane.evaluate((el) => el.scrollTop);
    // README.md is the file HEAD has; Markdown opens rendered, so its source (here, the diff) is asked for.
    const openDiff = async () => {
      await page.getByTestId("git-file-README.md").click();
      await page.getByTestId("viewer-tab-README.md").waitFor();
      if ((await page.getByTestId("markup-source").getAttribute("aria-pressed")) !== "true") await page.getByTestId("markup-source").click();
      await page.getByTestId("diff-view").locator(".cm-mergeView").waitFor();
    };
    await openDiff();
    expect(await scrolled()).toBe(0);
    await pane.evaluate((el) => el.scrollTo(0, 1500));
    await eventually(scrolled).toBe(1500);
    // Written to the browser's storage once the scroll rests, apart from the editor's place.
    await eventually(() => page.evaluate(() => localStorage.getItem("workspace-editor-view-states") ?? "")).toContain("diff\\u0000README.md");

    await page.getByTestId("viewer-tab-close-README.md").click();
    await page.getByTestId("viewer-tab-README.md").waitFor({ state: "detached" });
    await openDiff();
    await eventually(scrolled).toBe(1500);

    await page.reload();
    await waitForWorkspace(page);
    await openDiff();
    await eventually(scrolled).toBe(1500);
  }, 180_000);

  it("on a 390 px phone a link opens the file, and the markdown tools stay on screen without sideways scrolling", async () => {
    const page = owner().page;
    const { projectId, chatId } = await projectWithFiles(page, "Phone", { "phone.md": "Shopping\n" });
    const phone = await browser().newContext({
      baseURL: baseUrl(),
      viewport: { width: 390, height: 800 },
      isMobile: true,
      hasTouch: true,
      storageState: await page.context().storageState(),
    });
    try {
      const mobile = await phone.newPage();
      await followLink(mobile, `/en/home/coding-projects/${projectId}?filePath=phone.md`, chatId);
      // A link to a file starts on the files, not the chat.
      expect(await mobile.getByTestId("workspace-layout").getAttribute("data-narrow-view")).toBe("files");
      await eventually(() => activeTab(mobile)).toBe("viewer-tab-phone.md");
      await mobile.getByTestId("markup-source").tap();
      // No hover on a touch screen: the tools are always there, labelled.
      const menu = mobile.locator('[data-testid="markdown-menu"][data-shown="true"]');
      await menu.waitFor();
      expect(await menu.getByRole("button").allTextContents()).toEqual(
        expect.arrayContaining([expect.stringContaining("Upload Image"), expect.stringContaining("Insert Table")]),
      );
      const widths = await mobile.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        menu: document.querySelector('[data-testid="markdown-menu"]')!.getBoundingClientRect().right,
      }));
      expect(widths.page).toBeLessThanOrEqual(390);
      expect(widths.menu).toBeLessThanOrEqual(390);
      await mobile.getByTestId("code-editor-content").tap();
      await mobile.getByTestId("markdown-menu-list").tap();
      // The tap put the cursor on one of the two lines; that line became a list item.
      await eventually(() => editorText(mobile)).toMatch(/^(- Shopping\n|Shopping\n- )$/);
    } finally {
      await phone.close();
    }
  }, 180_000);

  it("opens the first file a markdown document links to in a side preview", async () => {
    const page = owner().page;
    await owner().openFreshProject("Refs", async ({ projectId }) => {
      await writeServerFile(page, projectId, "guide.md", "# Guide\n\nSee https://example.com and [the helper](lib/helper.txt).\n");
      await writeServerFile(page, projectId, "lib/helper.txt", "helper text\n");
    });
    await openFromExplorer(page, "guide.md");
    await page.getByTestId("code-editor-content").click({ button: "right" });
    await page.getByTestId("editor-menu-openFirstReference").click();
    const side = page.getByTestId("side-preview");
    await side.waitFor();
    expect(await side.getAttribute("data-path")).toBe("lib/helper.txt");
    await side.getByText("helper text").first().waitFor();
    // The edited file stays open beside it.
    expect(await activeTab(page)).toBe("viewer-tab-guide.md");
    await page.getByTestId("side-preview-close").click();
    await side.waitFor({ state: "detached" });
  }, 180_000);
});
