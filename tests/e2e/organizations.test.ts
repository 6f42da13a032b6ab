import { describe, expect, it } from "vitest";
import { newPerson, useBrowser } from "./browser.ts";
import { serverSession, signIn, signUp, uniqueEmail } from "./flows.ts";

const browser = useBrowser();

describe("organizations in the browser", () => {
  it("switches organization: the switcher and the server session change", async () => {
    const { context, page } = await newPerson(browser());
    await signIn(page, "bob@example.com", "bob-demo-pass");
    const before = await serverSession(page);

    await page.getByTestId("org-switcher-trigger").click();
    const own = page.getByTestId(`org-item-${before.organizationId}`);
    await own.waitFor();
    const target = before.organizationId === "org_demo_acme" ? "org_demo_bob" : "org_demo_acme";
    const item = page.getByTestId(`org-item-${target}`);
    expect(await item.textContent()).toContain(target === "org_demo_acme" ? "Work" : "Owner");
    await item.click();

    const expectedName = target === "org_demo_acme" ? "Acme Robotics" : "Bob Martin's Organization";
    await expect.poll(() => page.getByTestId("current-org-name").textContent()).toContain(expectedName);
    await expect.poll(async () => (await serverSession(page)).organizationId).toBe(target);

    // Saved on the server: a reload keeps the choice.
    await page.reload();
    await expect.poll(() => page.getByTestId("current-org-name").textContent()).toContain(expectedName);
    await context.close();
  });

  it("joins an organization with its invite code", async () => {
    const { context, page } = await newPerson(browser());
    await signUp(page, "Linus Join", uniqueEmail("linus"), "open-source-rocks");
    await page.getByTestId("org-switcher-trigger").click();
    await page.getByTestId("org-join").click();
    await page.getByTestId("join-org-code").fill("ACMEDEMO22");
    await page.getByTestId("join-org-submit").click();
    await expect.poll(() => page.getByTestId("current-org-name").textContent()).toContain("Acme Robotics");
    expect((await serverSession(page)).organizationId).toBe("org_demo_acme");

    await page.getByTestId("org-switcher-trigger").click();
    expect(await page.getByTestId("org-item-org_demo_acme").textContent()).toContain("Work");
    await context.close();
  });

  it("shows a clear error for an unknown invite code", async () => {
    const { context, page } = await newPerson(browser());
    await signIn(page, "bob@example.com", "bob-demo-pass");
    await page.getByTestId("org-switcher-trigger").click();
    await page.getByTestId("org-join").click();
    await page.getByTestId("join-org-code").fill("NOSUCHCODE");
    await page.getByTestId("join-org-submit").click();
    await page.getByText("Invalid invite code").first().waitFor();
    await context.close();
  });
});
