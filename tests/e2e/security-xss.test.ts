import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, newPerson, useBrowser } from "./browser.ts";
import { ALICE, BOB, eventually, openChat, sendText, signInToAcme, uniqueName, writeHeaders } from "./flows.ts";

/**
 * In Chromium: a corpus of classic XSS payloads posted as messages,
 * names and attachments, rendered in the chat and opened. Every payload tries to set
 * `window.__xss`, open a dialog or load from a foreign host; none may.
 */

const EVIL = "evil.invalid";

/** Messages: HTML, javascript:/data: links, markdown image and link tricks. Each ends with a marker to wait for. */
const MESSAGE_PAYLOADS = [
  `<img src=x onerror="window.__xss='img'"> m01`,
  `<script>window.__xss='script'</script> m02`,
  `<svg onload="window.__xss='svg'"></svg> m03`,
  `<iframe srcdoc="<script>parent.__xss='srcdoc'</script>"></iframe> m04`,
  `[click me m05](javascript:window.__xss='js-link')`,
  `[data link m06](data:text/html,<script>parent.__xss='data'</script>)`,
  `![tracker m07](https://${EVIL}/pixel.png?who=reader)`,
  `![js image m08](javascript:window.__xss='js-img')`,
  `[![nested m09](https://${EVIL}/a.png)](javascript:window.__xss='nested')`,
  `<a href="javascript:window.__xss='a'">raw anchor m10</a>`,
  `[ref link m11][r]\n\n[r]: javascript:window.__xss='ref'`,
  `<details open ontoggle="window.__xss='toggle'">m12</details>`,
  `\`<img src=x onerror=window.__xss='code'>\` m13`,
  `<math><mtext><table><mglyph><style><img src=x onerror="window.__xss='mxss'"> m14`,
  `[JaVaScRiPt m15](JaVaScRiPt:window.__xss='case')`,
  `[tab m16](java\tscript:window.__xss='tab')`,
];

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const SCRIPT = "<script>try{top.__xss='file'}catch(e){};window.__xss='file';document.title='XSS-RAN'</script>";

/** Attachments: active content under image names and types, and HTML in file names. */
const FILES = [
  {
    name: "diagram.svg",
    mimeType: "image/SVG+xml",
    buffer: Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" onload="window.__xss='svg-file'">${SCRIPT.replace(/<script>/, "<script>//<![CDATA[\n").replace("</script>", "\n//]]></script>")}</svg>`,
    ),
  },
  { name: "photo.png", mimeType: "image/png", buffer: Buffer.from(`<!doctype html><html><body>${SCRIPT}</body></html>`) },
  { name: "page.txt", mimeType: "text/html", buffer: Buffer.from(`<html>${SCRIPT}</html>`) },
  { name: `"><img src=x onerror="window.__xss='name'">.png`, mimeType: "image/png", buffer: PNG },
];

/** Watches a page for anything a payload could do: a dialog, a request to the foreign host, a changed title. */
function watch(page: Page) {
  const seen = { dialogs: [] as string[], foreign: [] as string[] };
  page.on("dialog", (d) => {
    seen.dialogs.push(d.message());
    void d.dismiss();
  });
  page.on("request", (r) => {
    if (r.url().includes(EVIL)) seen.foreign.push(r.url());
  });
  return seen;
}

async function expectNothingRan(page: Page, seen: ReturnType<typeof watch>) {
  expect(await page.evaluate(() => (window as any).__xss)).toBeUndefined();
  expect(seen.dialogs).toEqual([]);
  expect(seen.foreign).toEqual([]);
}

describe("XSS corpus", () => {
  const browser = useBrowser();

  it("messages, names and attachments render as inert text, links and files", async () => {
    const alice = await newPerson(browser());
    const seen = watch(alice.page);
    await signInToAcme(alice.page, ALICE);

    // A group whose name is HTML (if names allow it at all, it must show as text).
    const groupName = `<img src=x onerror="window.__xss='group'"> ${uniqueName("XSS")}`.slice(0, 100);
    const create = (name: string) =>
      alice.page.request.post("/api/group-chats", { data: { name, participants: [{ id: BOB.id, type: "user" }] }, headers: writeHeaders(alice.page) });
    let created = await create(groupName);
    if (!created.ok()) created = await create(uniqueName("XSS"));
    const chatId = (await created.json()).data.groupChat.id as string;
    await alice.page.goto("/en/home");
    await openChat(alice.page, chatId);

    for (const payload of MESSAGE_PAYLOADS) await sendText(alice.page, payload);
    await alice.page.locator('[data-testid^="message-content-"]', { hasText: "m16" }).waitFor();
    await eventually(() => alice.page.locator('[data-testid^="message-content-"]').count()).toBeGreaterThanOrEqual(MESSAGE_PAYLOADS.length);

    // Attachments through the composer, as a person sends them.
    await alice.page.getByTestId("composer-file-input").setInputFiles(FILES);
    await eventually(() => alice.page.getByTestId("composer-file-chip").count()).toBe(FILES.length);
    await alice.page.getByTestId("composer-input").fill("files m17");
    await alice.page.getByTestId("composer-send").click();
    await alice.page.locator('[data-testid^="message-content-"]', { hasText: "files m17" }).waitFor();

    // Nothing of ours links to javascript: or data:, and no foreign image is loaded (shown as a link instead).
    expect(await alice.page.locator('a[href^="javascript:" i], a[href^="data:" i], iframe[srcdoc], [onerror], [onload]').count()).toBe(0);
    expect(await alice.page.locator(`img[src*="${EVIL}"]`).count()).toBe(0);
    expect(await alice.page.getByTestId("blocked-image").count()).toBeGreaterThan(0);
    await alice.page.waitForTimeout(500);
    await expectNothingRan(alice.page, seen);

    // Bob sees the same chat; opening each attachment neither runs it nor renders it as a page.
    const bob = await newPerson(browser());
    const bobSeen = watch(bob.page);
    await signInToAcme(bob.page, BOB);
    await openChat(bob.page, chatId);
    await bob.page.locator('[data-testid^="message-content-"]', { hasText: "files m17" }).waitFor();
    await expectNothingRan(bob.page, bobSeen);
    const history = await bob.page.request.get(`/api/group-chats/${chatId}/messages?limit=50`);
    const messages = (await history.json()).data.messages as { attachments: { fileUrl: string; fileName: string }[] }[];
    const attachments = messages.flatMap((m) => m.attachments);
    // (Chromium sends `"` in a multipart file name as %22.)
    expect(attachments.map((a) => a.fileName.replaceAll("%22", '"')).sort()).toEqual(FILES.map((f) => f.name).sort());
    for (const a of attachments) {
      const tab = await bob.context.newPage();
      const tabSeen = watch(tab);
      const download = tab.waitForEvent("download", { timeout: 5_000 }).then(
        () => true,
        () => false,
      );
      await tab.goto(`${baseUrl()}${a.fileUrl}`).catch(() => undefined);
      const downloaded = await download;
      if (!downloaded) {
        // Only the passive files display (the real PNG, the text file as text); nothing in them runs.
        expect([FILES[2]!.name, FILES[3]!.name]).toContain(a.fileName.replaceAll("%22", '"'));
        expect(await tab.title()).not.toBe("XSS-RAN");
        await expectNothingRan(tab, tabSeen);
      } else {
        expect([FILES[0]!.name, FILES[1]!.name]).toContain(a.fileName);
      }
      await tab.close();
    }
    await expectNothingRan(bob.page, bobSeen);
    await alice.context.close();
    await bob.context.close();
  });
});
