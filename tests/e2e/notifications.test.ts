import { describe, expect, it } from "vitest";
import { newPerson, resizeTo, useBrowser } from "./browser.ts";
import { createGroup, eventually, signInToAcme, uniqueName, writeHeaders } from "./flows.ts";

const browser = useBrowser();
const BOB_ID = "user_demo_bob";

describe("system notifications in the browser", () => {
  it("a dissolved group reaches the member's bell live; opening and marking read clears it, also after a reload", async () => {
    const alice = await newPerson(browser());
    const bob = await newPerson(browser());
    await signInToAcme(alice.page, { email: "alice@example.com", password: "alice-demo-pass" });
    await signInToAcme(bob.page, { email: "bob@example.com", password: "bob-demo-pass" });
    const name = uniqueName("Notice Crew");
    const chatId = await createGroup(alice.page, bob.page, name, [BOB_ID]);
    // From here on Bob is on a phone.
    await resizeTo(bob.page, 390, 800);
    await bob.page.getByTestId("system-notifications-bell").waitFor();
    const before = Number(
      (await bob.page
        .getByTestId("system-notifications-badge")
        .textContent({ timeout: 2000 })
        .catch(() => "0")) ?? "0",
    );
    const res = await alice.page.request.delete(`/api/group-chats/${chatId}`, { headers: writeHeaders(alice.page) });
    expect(res.status(), await res.text()).toBe(200);

    // Live, without a reload: the badge counts it and the panel words it.
    await eventually(async () => Number((await bob.page.getByTestId("system-notifications-badge").textContent()) ?? "0")).toBe(before + 1);
    await bob.page.getByTestId("system-notifications-bell").click();
    const panel = bob.page.getByTestId("system-notifications-panel");
    const item = panel.locator('[data-type="dissolve_group"]', { hasText: name }).first();
    await item.waitFor();
    expect(await item.textContent()).toContain(`dissolved the group ${name}.`);
    // The panel fits a phone: nothing scrolls sideways.
    expect(await bob.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await item.getByTestId("notification-mark-read").click();
    await item.getByTestId("notification-mark-read").waitFor({ state: "detached" });
    await bob.page.keyboard.press("Escape");
    await bob.page.reload();
    await bob.page.getByTestId("chat-list").waitFor();
    await eventually(async () => {
      const badge = bob.page.getByTestId("system-notifications-badge");
      return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
    }).toBe(before);
    await alice.context.close();
    await bob.context.close();
  });
});
