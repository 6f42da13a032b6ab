import { describe, expect, it } from "vitest";
import { newPerson, useBrowser } from "./browser.ts";
import { openUserMenu, signIn } from "./flows.ts";

const browser = useBrowser();

describe("app shell", () => {
  it("switches the language and keeps the page", async () => {
    const { context, page } = await newPerson(browser());
    await signIn(page, "bob@example.com", "bob-demo-pass");
    // Arriving from login opens the first agent chat (spec 02 §2.1); a plain visit shows the welcome screen.
    await page.evaluate(() => sessionStorage.clear());
    await page.goto("/en/home");
    await page.getByTestId("chat-list").waitFor();
    expect(await page.getByTestId("welcome-screen").textContent()).toContain("Select a chat to start messaging");

    await openUserMenu(page);
    await page.getByTestId("language-option-zh").click();
    await page.waitForURL(/\/zh\/home/);
    await expect.poll(() => page.getByTestId("welcome-screen").textContent()).toContain("选择一个聊天开始对话");
    expect(await page.locator("html").getAttribute("lang")).toMatch(/^zh/);

    // The language lives in the path, so a reload keeps it.
    await page.reload();
    await expect.poll(() => page.getByTestId("welcome-screen").textContent()).toContain("选择一个聊天开始对话");
    await context.close();
  });

  it("shows Settings only to developers", async () => {
    const { context, page } = await newPerson(browser());
    await signIn(page, "bob@example.com", "bob-demo-pass");
    await openUserMenu(page);
    await page.getByTestId("menu-usage").waitFor();
    expect(await page.getByTestId("menu-settings").count()).toBe(0);
    await page.goto("/en/dev-settings");
    await page.getByTestId("dev-no-access").waitFor();
    await context.close();

    const alice = await newPerson(browser());
    await signIn(alice.page, "alice@example.com", "alice-demo-pass");
    await openUserMenu(alice.page);
    await alice.page.getByTestId("menu-settings").click();
    await alice.page.waitForURL("**/en/dev-settings");
    await alice.page.getByTestId("dev-user-search").waitFor();
    await alice.context.close();
  });

  it("shows the plan on the membership and usage pages", async () => {
    const { context, page } = await newPerson(browser());
    await signIn(page, "alice@example.com", "alice-demo-pass");
    await openUserMenu(page);
    await page.getByTestId("menu-pricing").click();
    await page.waitForURL("**/en/membership");
    await page.getByTestId("plan-grid").waitFor();
    for (const tier of ["free", "starter", "professional", "enterprise"]) {
      await page.getByTestId(`plan-card-${tier}`).waitFor();
    }
    expect(await page.getByTestId("membership-current-plan").textContent()).toBeTruthy();

    await page.goto("/en/usage");
    await page.getByTestId("usage-plan").waitFor();
    const meters = page.getByRole("progressbar");
    await expect.poll(() => meters.count()).toBeGreaterThanOrEqual(4);
    await context.close();
  });
});
