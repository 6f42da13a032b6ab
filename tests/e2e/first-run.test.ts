import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { baseUrl, newPerson, useBrowser } from "./browser.ts";
import { eventually, signIn, signUp, uniqueEmail, writeHeaders } from "./flows.ts";
import { createProjectByApi, deleteProject, openProjectFromLauncher } from "./workspace-flows.ts";

const browser = useBrowser();
const PASSWORD = "quiet-harbor-lantern";

const isWelcome = (url: string) => url.endsWith("/api/onboarding/welcome");
/** The answer to the welcome call; started before the action that causes it, and never left unhandled. */
function welcomeAnswer(page: Page): Promise<unknown> {
  const answer = page.waitForResponse((r) => isWelcome(r.url()) && r.request().method() === "POST", { timeout: 30_000 }).then((r) => r.json());
  answer.catch(() => undefined);
  return answer;
}

/** The welcome messages in the notifications panel, as the user reads them. */
async function welcomesShown(page: Page): Promise<number> {
  await page.getByTestId("system-notifications-bell").click();
  const panel = page.getByTestId("system-notifications-panel");
  await panel.waitFor();
  await panel.locator('[data-type="custom"]').first().waitFor();
  const n = await panel.locator('[data-type="custom"]', { hasText: "Welcome to TeamChat!" }).count();
  await page.keyboard.press("Escape");
  await panel.waitFor({ state: "detached" });
  return n;
}

async function tutorialTitle(page: Page): Promise<string> {
  return (await page.getByTestId("tutorial-title").textContent()) ?? "";
}

describe("first run", () => {
  it("onboards a new user, walks the tutorial once, and welcomes them once", async () => {
    const email = uniqueEmail("first-run");
    const { context, page } = await newPerson(browser());
    // Sign-up, the team's creation and the first workspace each take a while on a busy machine.
    page.setDefaultTimeout(30_000);
    const cleanup: (() => Promise<void>)[] = [];
    try {
      const welcomed = welcomeAnswer(page);
      await signUp(page, "Fiona First", email, PASSWORD, "keep");
      expect(await welcomed).toMatchObject({ data: { sent: true } });

      // Onboarding: the question, the purposes with their icons, then what was set up.
      const modal = page.getByTestId("onboarding-modal");
      await modal.waitFor();
      expect(await modal.textContent()).toContain("What do you want to use this product for?");
      expect(await modal.locator("li button svg").count()).toBe(7);
      await page.getByTestId("onboarding-purpose-develop").click();
      const done = page.getByTestId("onboarding-complete");
      await done.waitFor();
      expect(await done.textContent()).toContain("Setup Complete!");
      expect(await page.getByTestId("onboarding-employees-created").textContent()).toBe("2 virtual employees created");
      expect(await page.getByTestId("onboarding-groups-created").textContent()).toBe("2 group chats created");
      await page.getByTestId("onboarding-get-started").click();
      await done.waitFor({ state: "detached" });

      // The team is in the sidebar, and counted against the free plan: dissolved at the end.
      const state = await (await page.request.get("/api/onboarding")).json();
      expect(state.data.needsOnboarding).toBe(false);
      const groups = (await (await page.request.get("/api/group-chats")).json()).data.chats.filter((c: any) => c.name.startsWith("Development: "));
      expect(groups).toHaveLength(2);
      for (const g of groups) {
        await page.getByTestId(`chat-row-${g.id}`).waitFor();
        cleanup.push(async () => {
          // The user is new, so nothing else counts against their plan; the last agent group stays by rule.
          const res = await page.request.delete(`/api/group-chats/${g.id}`, { headers: writeHeaders(page) });
          if (res.status() !== 200) expect((await res.json()).data).toEqual({ code: "LAST_AGENT_GROUP" });
        });
      }

      expect(await welcomesShown(page)).toBe(1);
      await page.reload();
      await page.getByTestId("app-shell").waitFor();
      expect(await welcomesShown(page)).toBe(1);

      // The coding layout's first appearance: the tutorial, with next and back, to its end.
      const project = await createProjectByApi(page, "First Run Project");
      cleanup.unshift(() => deleteProject(page, project.projectId));
      await openProjectFromLauncher(page, project.projectId, project.chatId);
      await page.getByTestId("tutorial").waitFor();
      expect(await tutorialTitle(page)).toBe("Multi-Mode Chat");
      await page.getByTestId("tutorial-next").click();
      expect(await tutorialTitle(page)).toBe("Invite Collaborator");
      await page.getByTestId("tutorial-back").click();
      expect(await tutorialTitle(page)).toBe("Multi-Mode Chat");
      for (const title of ["Invite Collaborator", "Your Workspace", "Add New Project", "Switch Organization"]) {
        await page.getByTestId("tutorial-next").click();
        await eventually(() => tutorialTitle(page)).toBe(title);
      }
      const finish = page.getByTestId("tutorial-finish");
      expect(await finish.textContent()).toBe("Get started");
      await finish.click();
      await page.getByTestId("tutorial").waitFor({ state: "detached" });
      expect((await (await page.request.get("/api/tutorial")).json()).data).toEqual({ hasSeenChatTutorial: true });

      // Another browser: no onboarding, no tutorial, no second welcome.
      const other = await newPerson(browser());
      try {
        const otherWelcome = welcomeAnswer(other.page);
        const tutorialRead = other.page.waitForResponse((r) => r.url().endsWith("/api/tutorial"));
        const onboardingRead = other.page.waitForResponse((r) => r.url().endsWith("/api/onboarding") && r.request().method() === "GET");
        await signIn(other.page, email, PASSWORD);
        expect(await otherWelcome).toMatchObject({ data: { sent: false } });
        expect(await (await onboardingRead).json()).toMatchObject({ data: { needsOnboarding: false } });
        await openProjectFromLauncher(other.page, project.projectId, project.chatId);
        expect(await (await tutorialRead).json()).toMatchObject({ data: { hasSeenChatTutorial: true } });
        expect(await other.page.getByTestId("tutorial").count()).toBe(0);
        expect(await other.page.getByTestId("onboarding-modal").count()).toBe(0);
        expect(await welcomesShown(other.page)).toBe(1);
      } finally {
        await other.context.close();
      }
    } finally {
      for (const step of cleanup) await step();
      await context.close();
    }
  });

  it("fits a 390 px screen and is not offered again once skipped", async () => {
    const context = await browser().newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await signUp(page, "Narrow Nick", uniqueEmail("narrow"), PASSWORD, "keep");
      const modal = page.getByTestId("onboarding-modal");
      await modal.waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const box = await modal.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      // Keyboard: the purposes are buttons in tab order; Escape skips.
      await page.getByTestId("onboarding-purpose-writing").focus();
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("onboarding-purpose-develop");
      await page.keyboard.press("Escape");
      await modal.waitFor({ state: "detached" });
      await eventually(async () => (await (await page.request.get("/api/onboarding")).json()).data.needsOnboarding).toBe(false);
      const read = page.waitForResponse((r) => r.url().endsWith("/api/onboarding") && r.request().method() === "GET");
      await page.reload();
      expect(await (await read).json()).toMatchObject({ data: { needsOnboarding: false } });
      expect(await page.getByTestId("onboarding-modal").count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
