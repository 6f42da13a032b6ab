// @vitest-environment happy-dom
import { createElement } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { GroupInvite } from "../../../../contract";
import { InviteGroupModal } from "../../../../web/features/groups/InviteGroupModal";
import { click, find, get, pageText, startHarness, type Harness } from "../../people/peopleHarness";

const invite = (id: string, status: GroupInvite["status"]): GroupInvite => ({
  id,
  invitee_email: `${id}@example.com`,
  status,
  created_at: "2026-11-20T10:00:00.000Z",
  expires_at: "2026-11-27T10:00:00.000Z",
  invite_code: `code_${id}`,
  chat_name: "Garden",
  chatId: "chat_1",
});

let harness: Harness | null = null;
afterEach(() => {
  harness?.unmount();
  harness = null;
});

async function show(invites: GroupInvite[]) {
  harness = startHarness((call) => (call.method === "GET" && call.path === "/api/group-invites" ? { invites } : undefined));
  await harness.show(createElement(InviteGroupModal, { open: true, onOpenChange: () => {}, chatId: "chat_1" }));
  return harness;
}

describe("the group invitation dialog's history", () => {
  it("says when nothing was sent yet", async () => {
    await show([]);
    expect(pageText()).toContain("Recent Group Invitations");
    expect(pageText()).toContain("No group invitations sent yet");
  });

  it("lists sent invitations with their status, a copy button only for pending ones, and refreshes on demand", async () => {
    const h = await show([invite("ann", "pending"), invite("bo", "accepted")]);
    expect(get("invite-row-ann").getAttribute("data-status")).toBe("pending");
    expect(find("invite-copy-ann")).not.toBeNull();
    expect(find("invite-copy-bo")).toBeNull();
    expect(pageText()).not.toContain("No group invitations sent yet");
    const before = h.calls.filter((c) => c.path === "/api/group-invites").length;
    await click("invite-refresh");
    expect(h.calls.filter((c) => c.path === "/api/group-invites").length).toBe(before + 1);
  });
});
