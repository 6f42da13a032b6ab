// @vitest-environment happy-dom
import { createElement } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { SessionUser } from "../../../contract";
import { FriendInvitePage } from "../../../web/features/people/FriendInvitePage";
import type { FriendInviteInfo } from "../../../web/features/people/people";
import { fail, find, get, me, pageText, path, settle, startHarness, type Call, type Harness } from "./peopleHarness";

const CODE = "Zx9_abcdefghijklmnopqrstuvwxyz01";
let harness: Harness;
let session: SessionUser | null;
let info: FriendInviteInfo | ReturnType<typeof fail>;
let accept: (call: Call) => unknown;

async function showPage(at = `/en/friend-invite/${CODE}`) {
  harness = startHarness((call) => {
    if (call.path === "/api/auth/session") return session;
    if (call.path === "/api/group-chats") return { chats: [] };
    if (call.method === "GET" && call.path === `/api/friend-invites/${CODE}`) return info;
    if (call.method === "POST" && call.path === `/api/friend-invites/${CODE}/accept`) return accept(call);
    return undefined;
  });
  await harness.show(createElement(FriendInvitePage), { at, pattern: "/:lang/friend-invite/:inviteCode" });
  await settle();
}

const accepts = () => harness.calls.filter((call) => call.method === "POST");
const pending = (extra: Partial<FriendInviteInfo> = {}): FriendInviteInfo => ({
  inviteCode: CODE,
  inviterName: "Alice",
  inviterImage: null,
  status: "pending",
  expired: false,
  expiresAt: "2099-01-08T00:00:00.000Z",
  ...extra,
});

afterEach(() => harness?.unmount());

describe("/friend-invite/{code}", () => {
  it("tells a visitor who invites and sends them to sign in or sign up and back", async () => {
    session = null;
    info = pending();
    accept = () => fail(401, "Unauthorized");
    await showPage();
    expect(get("friend-invite-visitor").textContent).toContain("Alice invited you to be friends.");
    const back = `?redirect=${encodeURIComponent(`/en/friend-invite/${CODE}`)}`;
    expect(get("friend-invite-signin").getAttribute("href")).toBe(`/en/auth/signin${back}`);
    expect(get("friend-invite-signup").getAttribute("href")).toBe(`/en/auth/signup${back}`);
    expect(accepts()).toHaveLength(0);
  });

  it("accepts for a signed-in user and lands on home with friendAdded=true", async () => {
    session = { ...me, id: "u_bob", name: "Bob" };
    info = pending();
    accept = () => ({ friendId: me.id, friendName: "Alice" });
    await showPage();
    expect(accepts()).toHaveLength(1);
    expect(path()).toBe("/en/home?friendAdded=true");
    expect(pageText()).toContain("You and Alice are now friends");
  });

  it("says an expired invitation has expired and does not try to accept it", async () => {
    session = { ...me, id: "u_bob" };
    info = pending({ status: "expired", expired: true });
    accept = () => ({ friendId: me.id });
    await showPage();
    expect(get("friend-invite-error").textContent).toContain("This invitation has expired.");
    expect(accepts()).toHaveLength(0);
  });

  it("says a used invitation was used, also to a visitor", async () => {
    session = null;
    info = pending({ status: "accepted" });
    accept = () => ({ friendId: me.id });
    await showPage();
    expect(get("friend-invite-error").textContent).toContain("This invitation has already been used.");
    expect(find("friend-invite-signin")).toBeNull();
  });

  it("shows the server's refusal of an unknown code and of an accept", async () => {
    session = { ...me, id: "u_bob" };
    info = fail(404, "Invitation not found");
    accept = () => ({ friendId: me.id });
    await showPage();
    expect(get("friend-invite-error").textContent).toContain("Invitation not found");
    expect(accepts()).toHaveLength(0);
    harness.unmount();

    info = pending();
    accept = () => fail(400, "You cannot accept your own invitation");
    await showPage();
    expect(get("friend-invite-error").textContent).toContain("You cannot accept your own invitation");
    expect(path()).toBe(`/en/friend-invite/${CODE}`);
  });
});
