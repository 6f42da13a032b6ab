import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { newPerson, resizeTo, useBrowser } from "./browser.ts";
import { ALICE, BOB, createGroup, eventually, openChat, sendText, signInToAcme, uniqueName, writeHeaders } from "./flows.ts";

const browser = useBrowser();
/** A chat of Alice's other than the new group: the demo Launch Team. */
const OTHER_CHAT = "chat_demo_launch";

async function badgeCount(page: Page): Promise<number> {
  const badge = page.getByTestId("mentions-badge");
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
}

/** The id of the newest message element whose text contains `text`. */
async function messageId(page: Page, text: string): Promise<string> {
  const item = page.locator('[data-testid^="message-msg_"]', { hasText: text }).last();
  await item.waitFor();
  return (await item.getAttribute("data-testid"))!.slice("message-".length);
}

describe("@mentions in the browser", () => {
  it("Bob picks Alice in the popup; Alice, in another chat on a phone, gets the toast and the entry, which lands on the message", async () => {
    const alice = await newPerson(browser());
    const bob = await newPerson(browser());
    await signInToAcme(alice.page, ALICE);
    await signInToAcme(bob.page, BOB);
    const name = uniqueName("Mention Crew");
    const chatId = await createGroup(alice.page, bob.page, name, [BOB.id]);
    try {
      // Alice is on a phone, reading another chat.
      await resizeTo(alice.page, 390, 800);
      await openChat(alice.page, OTHER_CHAT);
      const before = await badgeCount(alice.page);

      // Bob types @Ali, the popup offers Alice, Enter inserts her name.
      await openChat(bob.page, chatId);
      const input = bob.page.getByTestId("composer-input");
      await input.click();
      await input.pressSequentially("@Ali");
      const popup = bob.page.getByTestId("mention-popup");
      await popup.waitFor();
      expect(await popup.textContent()).toContain("Select to mention");
      await bob.page.getByTestId(`mention-option-${ALICE.id}`).waitFor();
      await input.press("Enter");
      expect(await input.inputValue()).toBe("@Alice Chen ");
      await popup.waitFor({ state: "detached" });
      const said = `please check the release notes ${Date.now() % 100000}`;
      await input.pressSequentially(said);
      await input.press("Enter");
      const mentionId = await messageId(bob.page, said);
      // Later messages push it out of sight, so landing on it needs a scroll.
      for (let i = 1; i <= 8; i += 1) await sendText(bob.page, `filler ${i}\nline two\nline three\nline four\nline five`);
      await bob.page.locator('[data-testid^="message-msg_"]', { hasText: "filler 8" }).waitFor();

      // Alice: a toast with who and what, and the badge counts it.
      const toastItem = alice.page.getByTestId("mention-toast");
      await toastItem.waitFor({ timeout: 30_000 });
      const toastText = (await toastItem.textContent()) ?? "";
      expect(toastText).toContain(`mentioned you in ${name}`);
      expect(toastText).toContain("please check the release");
      await eventually(() => badgeCount(alice.page)).toBe(before + 1);

      // The panel lists it as @you, fits the phone, and opening it lands on the message.
      await alice.page.getByTestId("mentions-button").click();
      const panel = alice.page.getByTestId("mentions-panel");
      await panel.waitFor();
      expect(await panel.locator(".modal__title").textContent()).toBe(`Mentions (${before + 1} unread)`);
      const entry = panel.locator('li[data-testid^="mention-"]:not([data-read])', { hasText: name }).first();
      await entry.waitFor();
      expect(await entry.textContent()).toContain("@you");
      expect(await alice.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await entry.getByTestId("mention-open").click();
      await panel.waitFor({ state: "detached" });
      await alice.page.waitForURL(new RegExp(`chatId=${chatId}`));

      // Highlighted, and scrolled into view (the list scrolls once it laid the message out).
      const message = alice.page.getByTestId(`message-${mentionId}`);
      await alice.page.locator(`[data-testid="message-${mentionId}"].msg--highlight`).waitFor({ timeout: 30_000 });
      await eventually(() =>
        message.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const list = el.closest('[data-testid="message-list"]')?.getBoundingClientRect();
          return box.height > 0 && box.bottom > (list?.top ?? 0) && box.top < (list?.bottom ?? window.innerHeight);
        }),
      ).toBe(true);
      // It counts as read now.
      await eventually(() => badgeCount(alice.page)).toBe(before);
    } finally {
      const res = await alice.page.request.delete(`/api/group-chats/${chatId}`, { headers: writeHeaders(alice.page) });
      expect(res.status(), await res.text()).toBe(200);
      await alice.context.close();
      await bob.context.close();
    }
  });
});
