import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { BOB, eventually, openChat, writeHeaders } from "./flows.ts";

// Helpers of the file preview tests (web/ui/preview): fixtures, a chat to send them in, the modal.

const FIXTURES = resolve(import.meta.dirname, "../fixtures/preview");

const TYPES: Record<string, string> = {
  png: "image/png",
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv",
  svg: "image/svg+xml",
  html: "text/html",
  mp4: "video/mp4",
  mp3: "audio/mpeg",
  txt: "text/plain",
};

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A committed fixture (tests/fixtures/preview), optionally under another name. */
export function fixture(file: string, name = file): UploadFile {
  return { name, mimeType: TYPES[file.split(".").pop()!] ?? "application/octet-stream", buffer: readFileSync(resolve(FIXTURES, file)) };
}

/** A text file made at test time: `lines` numbered lines padded to reach `bytes` when given. */
export function textFile(name: string, lines: number, bytes?: number): UploadFile {
  const body = Array.from({ length: lines }, (_, i) => `line ${i + 1}`).join("\n") + "\n";
  const buffer = bytes ? Buffer.alloc(bytes, body) : Buffer.from(body);
  return { name, mimeType: "text/plain", buffer };
}

/** A group with Bob, opened in Alice's page; the caller dissolves it (Alice's free plan holds three). */
export async function openFreshGroup(page: Page, name: string): Promise<string> {
  const res = await page.request.post("/api/group-chats", { data: { name, participants: [{ id: BOB.id, type: "user" }] }, headers: writeHeaders(page) });
  expect(res.status(), await res.text()).toBe(200);
  const chatId = (await res.json()).data.groupChat.id as string;
  await page.goto("/en/home");
  await openChat(page, chatId);
  return chatId;
}

export async function dissolveGroup(page: Page, chatId: string): Promise<void> {
  const res = await page.request.delete(`/api/group-chats/${chatId}`, { headers: writeHeaders(page) });
  expect(res.status(), await res.text()).toBe(200);
}

/** Sends files through the composer with a marker text and waits for the message. */
export async function sendFiles(page: Page, files: UploadFile[], marker: string): Promise<void> {
  await page.getByTestId("composer-file-input").setInputFiles(files);
  await eventually(() => page.getByTestId("composer-file-chip").count()).toBe(files.length);
  await page.getByTestId("composer-input").fill(marker);
  await page.getByTestId("composer-send").click();
  await page.locator('[data-testid^="message-content-"]', { hasText: marker }).waitFor({ timeout: 30_000 });
  await eventually(() => page.getByTestId("composer-file-chip").count()).toBe(0);
}

/** Opens the preview of an attachment by its name, as a person clicks it, and waits for the modal. */
export async function openPreview(page: Page, fileName: string) {
  await page
    .getByRole("button", { name: `Preview ${fileName}`, exact: true })
    .last()
    .click();
  const preview = page.getByTestId("file-preview");
  await preview.waitFor();
  await eventually(() => preview.getByRole("heading").textContent()).toBe(fileName);
  return preview;
}

export async function closePreview(page: Page): Promise<void> {
  await page.getByTestId("preview-close").click();
  await page.getByTestId("file-preview").waitFor({ state: "detached" });
}

/** Whether a media element has loaded its metadata (duration, dimensions). */
export function metadataLoaded(page: Page, testId: string, index = 0): Promise<boolean> {
  return page
    .getByTestId(testId)
    .nth(index)
    .evaluate((el) => (el as HTMLMediaElement).readyState >= 1 && Number.isFinite((el as HTMLMediaElement).duration));
}

/** Whether the page scrolls sideways (a 390 px phone must not). */
export function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth || document.body.scrollWidth > window.innerWidth);
}

/** Watches a page for what a payload could do: a dialog, or `__pwned` set on the app's window. */
export function watchForPayloads(page: Page) {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return {
    dialogs,
    async expectNothingRan() {
      expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
      expect(await page.evaluate(() => document.cookie)).not.toContain("pwned");
      expect(dialogs).toEqual([]);
    },
  };
}
