import { describe, expect, it } from "vitest";
import { newPerson, useBrowser } from "./browser.ts";
import { openUserMenu, serverSession, signIn, signUp, uniqueEmail } from "./flows.ts";

const browser = useBrowser();

describe("developer settings", () => {
  it("a developer sets another user's plan and that user sees it", async () => {
    const member = await newPerson(browser());
    const email = uniqueEmail("upgrade");
    await signUp(member.page, "Plan Target", email, "violet-harbor-lamp");
    const { id } = await serverSession(member.page);

    const dev = await newPerson(browser());
    await signIn(dev.page, "alice@example.com", "alice-demo-pass");
    await dev.page.goto("/en/dev-settings");
    await dev.page.getByTestId("dev-user-search").fill(email);
    await dev.page.getByTestId(`dev-user-${id}`).click();
    await dev.page.getByTestId("dev-plan-select").selectOption("professional");
    await dev.page.getByTestId("dev-save").click();
    await expect
      .poll(async () => (await (await dev.page.request.get(`/api/dev/users?query=${encodeURIComponent(email)}`)).json()).data.users[0]?.tier)
      .toBe("professional");

    await member.page.goto("/en/membership");
    await expect.poll(() => member.page.getByTestId("plan-card-professional").getAttribute("data-current")).toBeTruthy();
    await member.page.goto("/en/home");
    await openUserMenu(member.page);
    await expect.poll(() => member.page.getByTestId("plan-badge").textContent()).toContain("Professional");
    await member.context.close();
    await dev.context.close();
  });
});
