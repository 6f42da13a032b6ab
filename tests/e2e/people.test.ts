import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, newPerson, resizeTo, useBrowser } from "./browser.ts";
import {
  ACME,
  ALICE,
  BOB,
  createGroup,
  eventually,
  mailsTo,
  openChat,
  openUserMenu,
  skipFirstRun,
  serverSession,
  signInToAcme,
  uniqueEmail,
  uniqueName,
  writeHeaders,
} from "./flows.ts";

const browser = useBrowser();

async function openContacts(page: Page): Promise<void> {
  await openUserMenu(page);
  await page.getByTestId("menu-contacts").click();
  await page.getByTestId("contacts-view").waitFor();
}

/** The Create Group dialog's External Friends section must hold `friendId`, badged as such; the dialog is closed again. */
async function expectExternalFriendInCreateGroup(page: Page, friendId: string, friendName: string): Promise<void> {
  await page.getByTestId("contacts-close").click();
  await page.getByTestId("new-group-button").click();
  const dialog = page.getByTestId("create-group-modal");
  await dialog.waitFor();
  const section = dialog.locator("section.contact-section", { has: page.getByText(/^External Friends \(\d+\)$/) });
  const row = section.getByTestId(`group-member-${friendId}`);
  await row.waitFor();
  expect(await row.textContent()).toContain(friendName);
  expect(await row.textContent()).toContain("External Friend");
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
}

describe("friends in the browser", () => {
  it("Alice e-mails an invitation; Bob signs up through the mailed link and both are friends, in Contacts and as External Friends", async () => {
    const alice = await newPerson(browser());
    const bob = await newPerson(browser());
    const bobEmail = uniqueEmail("bob-friend");
    const bobName = uniqueName("Robin Newcomer");

    // Alice, in Acme, invites an address that has no account yet from the Contacts screen.
    await signInToAcme(alice.page, ALICE);
    await openContacts(alice.page);
    await alice.page.getByTestId("contacts-invite").click();
    const dialog = alice.page.getByTestId("invite-friends-dialog");
    await dialog.waitFor();
    await alice.page.getByTestId("friend-invite-email").fill(bobEmail);
    await alice.page.getByTestId("friend-invite-send").click();
    await alice.page.getByText(`Invitation sent to ${bobEmail}!`).waitFor();
    const sentRow = dialog.locator('[data-testid^="friend-invite-row-"]', { hasText: bobEmail });
    await eventually(() => sentRow.getAttribute("data-status")).toBe("pending");
    await alice.page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    // The Queue job delivers the mail over SMTP; it names Alice and carries a link to this app.
    await eventually(async () => (await mailsTo(bobEmail)).length, 60_000).toBe(1);
    const [mail] = await mailsTo(bobEmail);
    expect(mail!.to).toContain(bobEmail);
    expect(mail!.subject).toBe("Alice Chen invited you to be friends");
    const link = /https?:\/\/[^\s"<>]+\/friend-invite\/[A-Za-z0-9_-]+/.exec(mail!.text)?.[0];
    expect(link, mail!.text).toBeDefined();
    expect(new URL(link!).origin).toBe(baseUrl());
    expect(mail!.html).toContain(link);

    // Bob opens the link in his own browser: a visitor is told who invites and signs up from there.
    await bob.page.goto(link!);
    await bob.page.getByTestId("friend-invite-visitor").waitFor();
    expect(await bob.page.getByTestId("friend-invite-visitor").textContent()).toContain("Alice Chen invited you to be friends.");
    await bob.page.getByTestId("friend-invite-signup").click();
    await bob.page.getByTestId("signup-name").fill(bobName);
    await bob.page.getByTestId("signup-email").fill(bobEmail);
    await bob.page.getByTestId("signup-password").fill("lantern-orchard-kite");
    await bob.page.getByTestId("signup-submit").click();
    // Back on the invitation, accepted on arrival, then home.
    await bob.page.waitForURL(/\/home\?friendAdded=true/);
    await bob.page.getByText("You and Alice Chen are now friends").waitFor();
    await bob.page.getByTestId("app-shell").waitFor();
    // A new account is offered the onboarding, which Bob closes.
    await skipFirstRun(bob.page);
    const bobSession = await serverSession(bob.page);
    // Bob is in an organization of his own, so to each other they are friends from elsewhere.
    expect(bobSession.organizationId).toBeTruthy();
    expect(bobSession.organizationId).not.toBe(ACME);

    // The link is single-use: opening it again says so instead of accepting twice.
    const again = await newPerson(browser());
    await again.page.goto(link!);
    await again.page.getByTestId("friend-invite-error").waitFor();
    await again.context.close();

    // Bob sees Alice as a friend in Contacts, and in Create Group under External Friends.
    await openContacts(bob.page);
    const aliceRow = bob.page.getByTestId(`people-row-${ALICE.id}`);
    await aliceRow.waitFor();
    expect(await aliceRow.textContent()).toContain("Alice Chen");
    await aliceRow.getByText("Friend", { exact: true }).waitFor();
    await expectExternalFriendInCreateGroup(bob.page, ALICE.id, "Alice Chen");

    // On a phone the Contacts screen still shows Alice and does not scroll sideways.
    await resizeTo(bob.page, 390, 800);
    await openContacts(bob.page);
    await aliceRow.waitFor();
    expect(await aliceRow.isVisible()).toBe(true);
    expect(await bob.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Alice's history shows the invitation accepted; her Contacts and Create Group show Bob.
    await alice.page.reload();
    await alice.page.getByTestId("contacts-view").waitFor();
    await alice.page.getByTestId("contacts-invite").click();
    await dialog.waitFor();
    await eventually(() => sentRow.getAttribute("data-status")).toBe("accepted");
    await alice.page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    const bobRow = alice.page.getByTestId(`people-row-${bobSession.id}`);
    await bobRow.waitFor();
    expect(await bobRow.textContent()).toContain(bobName);
    await bobRow.getByText("Friend", { exact: true }).waitFor();
    await expectExternalFriendInCreateGroup(alice.page, bobSession.id, bobName);

    // Alice adds her new friend to an Acme group from Add Members' External Friends.
    const groupName = uniqueName("Friends Crew");
    const chatId = await createGroup(alice.page, alice.page, groupName, [BOB.id]);
    await openChat(alice.page, chatId);
    await alice.page.getByTestId("add-members-button").click();
    const addDialog = alice.page.getByTestId("add-members-modal");
    await addDialog.waitFor();
    const friendSection = addDialog.locator("section.contact-section", { has: alice.page.getByText(/^External Friends \(\d+\)$/) });
    await friendSection.getByTestId(`add-member-${bobSession.id}`).click();
    await alice.page.getByTestId("add-members-confirm").click();
    await addDialog.waitFor({ state: "detached" });

    // Bob, back on a desktop, live: the group joins his chat list, and so does the system chat with the notice, in words.
    await resizeTo(bob.page, 1280, 800);
    await bob.page.locator(`[data-testid="chat-row-${chatId}"]`).waitFor({ timeout: 30_000 });
    const systemRow = bob.page.getByTestId("chat-row-system");
    await eventually(() => systemRow.textContent()).toContain("Added to group");
    await systemRow.click();
    const systemChat = bob.page.getByTestId("system-chat");
    await systemChat.locator('[data-type="direct_group_join"]', { hasText: groupName }).waitFor();
    expect(await systemChat.textContent()).toContain(`Alice Chen added you to the group ${groupName}.`);
    // On a phone (the sidebar narrows once the app sees the new width) nothing scrolls sideways.
    await resizeTo(bob.page, 390, 800);
    await eventually(() => bob.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // Alice's free plan holds three groups: this one goes again.
    const dissolved = await alice.page.request.delete(`/api/group-chats/${chatId}`, { headers: writeHeaders(alice.page) });
    expect(dissolved.status(), await dissolved.text()).toBe(200);

    await alice.context.close();
    await bob.context.close();
  }, 180_000);
});
