import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { newPerson, resizeTo, useBrowser } from "./browser.ts";
import { ALICE, eventually, signIn } from "./flows.ts";

const browser = useBrowser();

interface Counts {
  views: number;
  leaves: number;
}

/** Today's counts of a page, as the developer page's data route gives them. */
async function countsOf(page: Page, path: string): Promise<Counts> {
  const res = await page.request.get("/api/analytics/page-views?days=1");
  expect(res.status()).toBe(200);
  const row = (await res.json()).data.rows.find((r: { path: string }) => r.path === path);
  return { views: row?.views ?? 0, leaves: row?.leaves ?? 0 };
}

/** The row of a page in today's table on the developer page, read after a Refresh. */
async function tableCounts(page: Page, path: string): Promise<Counts> {
  await page.getByTestId("page-views-refresh").click();
  const row = page.getByTestId(`page-views-${new Date().toISOString().slice(0, 10)}`).locator(`tr[data-page="${path}"]`);
  if ((await row.count()) === 0) return { views: 0, leaves: 0 };
  return { views: Number(await row.locator('[data-cell="views"]').textContent()), leaves: Number(await row.locator('[data-cell="leaves"]').textContent()) };
}

describe("page analytics", () => {
  it("two pages record two views and a leave, and the developer page shows them", async () => {
    const { page, context } = await newPerson(browser());
    await signIn(page, ALICE.email, ALICE.password);
    const before = { usage: await countsOf(page, "/usage"), membership: await countsOf(page, "/membership") };

    await page.goto("/en/usage");
    await page.getByTestId("usage-upgrade").waitFor();
    await eventually(async () => (await countsOf(page, "/usage")).views).toBe(before.usage.views + 1);
    // An in-app route change: the usage page is left (a beacon) and the membership page viewed.
    await page.getByTestId("usage-upgrade").click();
    await page.getByTestId("membership-page").waitFor();
    await eventually(() => countsOf(page, "/membership")).toEqual({ views: before.membership.views + 1, leaves: before.membership.leaves });
    await eventually(() => countsOf(page, "/usage")).toEqual({ views: before.usage.views + 1, leaves: before.usage.leaves + 1 });

    await resizeTo(page, 390, 800);
    // Leaving the document (pagehide) sends the membership page's leave.
    await page.goto("/en/dev-settings");
    await page.getByTestId("dev-page-views").waitFor();
    await eventually(() => tableCounts(page, "/membership")).toEqual({ views: before.membership.views + 1, leaves: before.membership.leaves + 1 });
    expect(await tableCounts(page, "/usage")).toEqual({ views: before.usage.views + 1, leaves: before.usage.leaves + 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.goto("/zh/dev-settings");
    await eventually(() => page.getByTestId("dev-page-views").locator("h2").textContent()).toBe("页面访问");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
});
