import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { baseUrl, newPerson, useBrowser } from "./browser.ts";
import { signIn, writeHeaders } from "./flows.ts";

const browser = useBrowser();
const BOB_ID = "user_demo_bob";
const LAUNCH_TEAM = "chat_demo_launch";

/** The message element whose text contains `text`, and its id. */
async function messageWith(page: Page, text: string): Promise<{ id: string }> {
  const item = page.locator('[data-testid^="message-msg_"]', { hasText: text }).first();
  await item.waitFor();
  const testId = (await item.getAttribute("data-testid"))!;
  return { id: testId.slice("message-".length) };
}

async function send(page: Page, text: string): Promise<void> {
  await page.getByTestId("composer-input").fill(text);
  await page.getByTestId("composer-input").press("Enter");
}

async function useOrganization(page: Page, organizationId: string): Promise<void> {
  const res = await page.request.post("/api/user/update-organization", { data: { organizationId }, headers: { origin: baseUrl() } });
  expect(res.status()).toBe(200);
}

describe("chat between two people", () => {
  it("creates a group, chats live, replies, reacts, forwards and removes a member", async () => {
    const alice = await newPerson(browser());
    const bob = await newPerson(browser());
    await signIn(alice.page, "alice@example.com", "alice-demo-pass");
    // Arriving from login opens the first agent chat (spec 02 §2.1): Alice's is the Launch Team.
    await alice.page.waitForURL(/chatId=chat_demo_launch/);
    await alice.page.getByTestId("chat-area").waitFor();
    await signIn(bob.page, "bob@example.com", "bob-demo-pass");
    await useOrganization(alice.page, "org_demo_acme");
    await useOrganization(bob.page, "org_demo_acme");
    await alice.page.goto("/en/home");
    await bob.page.goto("/en/home");
    await bob.page.getByTestId("chat-list").waitFor();

    // Alice creates a group with Bob; it appears in Bob's list without a reload.
    const name = `E2E Crew ${Date.now() % 100000}`;
    await alice.page.getByTestId("new-group-button").click();
    await alice.page.getByTestId("group-name-input").fill(name);
    await alice.page.getByTestId(`group-member-${BOB_ID}`).click();
    await alice.page.getByTestId("create-group-submit").click();
    const bobRow = bob.page.locator('[data-testid^="chat-row-"]', { hasText: name });
    await bobRow.waitFor();
    const chatId = (await bobRow.getAttribute("data-testid"))!.slice("chat-row-".length);

    await alice.page.getByTestId(`chat-row-${chatId}`).click();
    await alice.page.getByTestId("chat-area").waitFor();
    await bobRow.click();
    await bob.page.getByTestId("chat-area").waitFor();

    // Live messages both ways, with a reply.
    await send(alice.page, "Hello Bob, welcome aboard");
    const hello = await messageWith(bob.page, "Hello Bob, welcome aboard");
    await bob.page.getByTestId(`message-${hello.id}`).hover();
    await bob.page.getByTestId(`msg-action-reply-${hello.id}`).click();
    await bob.page.getByTestId("reply-preview").waitFor();
    await send(bob.page, "Thanks Alice!");
    const thanks = await messageWith(alice.page, "Thanks Alice!");
    expect(await alice.page.getByTestId(`message-${thanks.id}`).textContent()).toContain("Hello Bob, welcome aboard");
    await expect.poll(() => alice.page.getByTestId(`message-${thanks.id}`).getAttribute("data-pending")).not.toBe("true");

    // Alice reacts; Bob sees the reaction.
    await alice.page.getByTestId(`message-${thanks.id}`).hover();
    await alice.page.getByTestId(`msg-action-more-${thanks.id}`).click();
    await alice.page.getByTestId("reaction-option-👍").click();
    await bob.page.getByTestId(`reaction-chip-${thanks.id}-👍`).waitFor();

    // Alice forwards Bob's message into the Launch Team group.
    alice.page.once("dialog", (d) => void d.accept());
    await alice.page.getByTestId(`message-${thanks.id}`).hover();
    await alice.page.getByTestId(`msg-action-forward-${thanks.id}`).click();
    // Forward starts selection mode with this message selected (spec 02 §4); the bar opens the dialog.
    await alice.page.getByTestId("selection-bar").waitFor();
    await alice.page.getByTestId("selection-forward").click();
    await alice.page.getByTestId("forward-dialog").waitFor();
    await alice.page.getByTestId(`forward-target-${LAUNCH_TEAM}`).click();
    await alice.page.getByTestId("forward-submit").click();
    await alice.page.getByTestId("forward-dialog").waitFor({ state: "detached" });
    const history = await alice.page.request.get(`/api/group-chats/${LAUNCH_TEAM}/messages?chat_type=0&limit=5`);
    const forwarded = (await history.json()).data.messages.at(-1);
    expect(forwarded.messageType).toBe("merged_forward");
    expect(forwarded.content).toContain("Thanks Alice!");

    // Alice removes Bob: his chat closes and the group leaves his list.
    await alice.page.getByTestId("members-button").click();
    await alice.page.getByTestId("members-panel").waitFor();
    await alice.page.getByTestId(`member-${BOB_ID}`).hover();
    await alice.page.getByTestId(`member-remove-${BOB_ID}`).click();
    await alice.page.getByTestId("confirm-ok").click();
    await bob.page.getByText("You have been removed from the group").first().waitFor();
    await bobRow.waitFor({ state: "detached" });
    const after = await bob.page.request.get(`/api/group-chats/${chatId}/messages`);
    expect(after.status()).toBe(404);

    // The file leaves no group behind: Alice's free plan holds three, and later files make theirs.
    const dissolved = await alice.page.request.delete(`/api/group-chats/${chatId}`, { headers: writeHeaders(alice.page) });
    expect(dissolved.status(), await dissolved.text()).toBe(200);

    await alice.context.close();
    await bob.context.close();
  });
});
