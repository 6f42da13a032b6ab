// @vitest-environment happy-dom
import { createElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { InviteFriendsDialog } from "../../../web/features/people/InviteFriendsDialog";
import type { FriendInvitation } from "../../../web/features/people/people";
import { click, fail, find, get, pageText, settle, startHarness, typeInto, type Call, type Harness } from "./peopleHarness";

const invite = (id: string, email: string, status: FriendInvitation["status"], created: string): FriendInvitation => ({
  id,
  invitee_email: email,
  status,
  created_at: created,
  expires_at: "2099-01-08T00:00:00.000Z",
  invite_code: `code_${id}`,
});

let harness: Harness;
let sent: FriendInvitation[];
let onPost: (call: Call) => unknown;

async function showDialog() {
  harness = startHarness((call) => {
    if (call.path !== "/api/friend-invites") return undefined;
    if (call.method === "POST") return onPost(call);
    return call.query.get("type") === "sent" ? { invites: sent } : undefined;
  });
  await harness.show(createElement(InviteFriendsDialog, { open: true, onOpenChange: () => {} }));
}

const historyEmails = () => [...get("friend-invite-history").querySelectorAll(".invite-row__email")].map((node) => node.textContent);
const posts = () => harness.calls.filter((call) => call.method === "POST");

afterEach(() => harness?.unmount());

describe("Invite Friends dialog", () => {
  it("refuses a malformed address without calling the server", async () => {
    sent = [];
    onPost = () => fail(500, "should not be called");
    await showDialog();
    await typeInto("friend-invite-email", "short@x.io");
    await click("friend-invite-send");
    expect(pageText()).toContain("Please enter a valid email address.");
    expect(posts()).toHaveLength(0);
  });

  it("sends, confirms only on success, and puts the new invitation on top as pending", async () => {
    sent = [invite("i_old", "older.friend@example.com", "accepted", "2025-01-01T00:00:00.000Z")];
    onPost = (call) => {
      const email = (call.body as { inviteeEmail: string }).inviteeEmail;
      sent = [invite("i_new", email, "pending", "2025-02-01T00:00:00.000Z"), ...sent];
      return { id: "i_new", inviteCode: "code_i_new", expiresAt: "2099-01-08T00:00:00.000Z", systemNotificationData: {} };
    };
    await showDialog();
    expect(historyEmails()).toEqual(["older.friend@example.com"]);
    expect(get("friend-invite-row-i_old").textContent).toContain("Accepted");
    expect(find("friend-invite-copy-i_old")).toBeNull();

    await typeInto("friend-invite-email", "  bob.builder@example.com ");
    await click("friend-invite-send");
    await settle();
    expect(posts()[0]?.body).toEqual({ inviteeEmail: "bob.builder@example.com" });
    expect(pageText()).toContain("Invitation sent to bob.builder@example.com!");
    expect(historyEmails()).toEqual(["bob.builder@example.com", "older.friend@example.com"]);
    expect(get("friend-invite-row-i_new").textContent).toContain("Pending");
    expect((get("friend-invite-email") as HTMLInputElement).value).toBe("");
  });

  it("says the send failed, with the server's reason, and confirms nothing", async () => {
    sent = [];
    onPost = () => fail(429, "You can send up to 20 friend invitations a day. Please try again tomorrow.");
    await showDialog();
    await typeInto("friend-invite-email", "bob.builder@example.com");
    await click("friend-invite-send");
    await settle();
    expect(pageText()).toContain("Failed to send invitation.");
    expect(pageText()).toContain("You can send up to 20 friend invitations a day.");
    expect(pageText()).not.toContain("Invitation sent to");
    expect(historyEmails()).toEqual([]);
  });

  it("copies a pending invitation's link", async () => {
    sent = [invite("i_1", "bob.builder@example.com", "pending", "2025-01-01T00:00:00.000Z")];
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    await showDialog();
    expect(get("friend-invite-copy-i_1").getAttribute("aria-label")).toContain("bob.builder@example.com");
    await click("friend-invite-copy-i_1");
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/friend-invite/code_i_1`);
    expect(pageText()).toContain("Invitation link copied!");
  });

  it("says when the history cannot load", async () => {
    harness = startHarness(() => fail(500, "boom"));
    await harness.show(createElement(InviteFriendsDialog, { open: true, onOpenChange: () => {} }));
    await settle();
    expect(pageText()).toContain("Failed to load invitation history.");
  });
});
