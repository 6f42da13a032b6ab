import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, expectError, expectJsonBodyChecks, expectSignedOutRefused, signUp, type TestUser } from "../helpers";
import { framesOf, inbox, team } from "../chat-helpers";

const invite = (u: TestUser, inviteeEmail: unknown, headers: Record<string, string> = {}) =>
  call("/api/friend-invites", { token: u.token, body: { inviteeEmail }, headers });
const accept = (u: TestUser, code: string) => call(`/api/friend-invites/${code}/accept`, { token: u.token, body: {} });
const sent = (u: TestUser) => call("/api/friend-invites?type=sent", { token: u.token });
const info = (code: string) => call(`/api/friend-invites/${code}`);
const contactIds = async (u: TestUser) => ((await call(`/api/contacts/${u.id}`, { token: u.token })).json.data.contacts as { id: string }[]).map((c) => c.id);
const address = () => `invitee${crypto.randomUUID().slice(0, 8)}@example.com`;

async function created(u: TestUser, email = address()) {
  const r = await invite(u, email);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data as { id: string; inviteCode: string; expiresAt: string; systemNotificationData: Record<string, unknown> };
}

async function expireInDb(id: string): Promise<void> {
  await env.DB.prepare("UPDATE friend_invite SET expires_at = ? WHERE id = ?")
    .bind(Date.now() - 1000, id)
    .run();
}

describe("POST /api/friend-invites", () => {
  it("creates a 7-day invitation with an unguessable URL-safe code and queues the mail with the link", async () => {
    const alice = await signUp("Alice Inviter");
    const email = address();
    const data = await created(alice, `  ${email.toUpperCase()}  `);
    expect(data.inviteCode).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const days = (new Date(data.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    expect(data.systemNotificationData).toMatchObject({ inviterName: "Alice Inviter", inviteCode: data.inviteCode, inviteeUserId: null });
    const mail = await env.DB.prepare("SELECT to_email, kind, text_body FROM mail_outbox WHERE dedupe_key = ?")
      .bind(`friend_invite:${data.id}`)
      .first<{ to_email: string; kind: string; text_body: string }>();
    expect(mail).toMatchObject({ to_email: email, kind: "friend_invite" });
    expect(mail!.text_body).toContain(`http://localhost/friend-invite/${data.inviteCode}`);
    // Two invitations never share a code.
    expect((await created(alice)).inviteCode).not.toBe(data.inviteCode);
  });

  it("writes the mail in Chinese for a Chinese browser", async () => {
    const alice = await signUp("Alice Zh");
    const r = await invite(alice, address(), { "accept-language": "zh-CN,zh;q=0.9" });
    const mail = await env.DB.prepare("SELECT subject FROM mail_outbox WHERE dedupe_key = ?")
      .bind(`friend_invite:${r.json.data.id}`)
      .first<{ subject: string }>();
    expect(mail!.subject).toMatch(/[\u4e00-\u9fff]/);
  });

  it("refuses bad addresses with the spec's text, and header injection through the address", async () => {
    const alice = await signUp();
    for (const bad of ["short@example.com", "no-at-sign-here", "", 42, "eightchars@example.com\r\nBcc: victim@example.com", "eightchars@exa\nmple.com"]) {
      expectError(await invite(alice, bad), 400, "Please enter a valid email address.");
    }
    await expectJsonBodyChecks("/api/friend-invites", "POST", alice.token, { inviteeEmail: address() });
    await expectSignedOutRefused("/api/friend-invites", "POST", { inviteeEmail: address() });
  });

  it("refuses inviting yourself and an existing friend, but not an address with an account you cannot see", async () => {
    const alice = await signUp("Alice Self");
    expectError(await invite(alice, alice.email.toUpperCase()), 400, "You cannot invite yourself");
    const bob = await signUp("Bob Friend");
    const first = await created(alice, bob.email);
    expect((await accept(bob, first.inviteCode)).status).toBe(200);
    expectError(await invite(alice, bob.email), 409, `${bob.email} is already your friend`);
  });

  it("answers the same for an address with and without an account (no account-existence leak)", async () => {
    const alice = await signUp("Alice Prober");
    const stranger = await signUp("Sam Stranger");
    const withAccount = await invite(alice, stranger.email);
    const without = await invite(alice, address());
    expect(withAccount.status).toBe(without.status);
    const shape = (d: any) => ({ ...d, id: "x", inviteCode: "x", expiresAt: "x", systemNotificationData: { ...d.systemNotificationData, inviteCode: "x" } });
    expect(shape(withAccount.json.data)).toEqual(shape(without.json.data));
    expect(withAccount.json.data.systemNotificationData.inviteeUserId).toBeNull();
    expect(JSON.stringify(withAccount.json)).not.toContain(stranger.id);
  });

  it("names the invitee only when they are already a colleague", async () => {
    const { admin, members } = await team("Bob Colleague");
    const data = await created(admin, members[0]!.email);
    expect(data.systemNotificationData.inviteeUserId).toBe(members[0]!.id);
  });

  it("rate-limits each inviter to 20 invitations a day with a clear text", async () => {
    const alice = await signUp("Alice Busy");
    for (let i = 0; i < 20; i++) expect((await invite(alice, address())).status).toBe(200);
    expectError(await invite(alice, address()), 429, "You can send up to 20 friend invitations a day. Please try again tomorrow.");
    // Someone else is not limited by Alice's invitations.
    expect((await invite(await signUp(), address())).status).toBe(200);
  });
});

describe("GET /api/friend-invites?type=sent", () => {
  it("lists only my invitations, newest first, with expired ones read as expired and accepted ones as accepted", async () => {
    const alice = await signUp("Alice Lister");
    const other = await signUp("Otto Other");
    await created(other);
    const a = await created(alice);
    const b = await created(alice);
    const c = await created(alice);
    await expireInDb(a.id);
    expect((await accept(await signUp(), b.inviteCode)).status).toBe(200);
    const r = await sent(alice);
    expect(r.status).toBe(200);
    const invites = r.json.data.invites as { id: string; status: string; invite_code: string; invitee_email: string }[];
    expect(invites.map((i) => i.id)).toEqual([c.id, b.id, a.id]);
    expect(invites.map((i) => i.status)).toEqual(["pending", "accepted", "expired"]);
    expect(invites[0]!.invite_code).toBe(c.inviteCode);
    await expectSignedOutRefused("/api/friend-invites?type=sent");
  });
});

describe("GET /api/friend-invites/{code}", () => {
  it("tells anyone holding the link who invites and whether it is still open; 404 for unknown codes", async () => {
    const alice = await signUp("Alice Landing");
    const email = address();
    const data = await created(alice, email);
    const r = await info(data.inviteCode);
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ inviterName: "Alice Landing", status: "pending", expired: false, inviteCode: data.inviteCode });
    // The landing page never shows whom the link was mailed to.
    expect(JSON.stringify(r.json)).not.toContain(email);
    await expireInDb(data.id);
    expect((await info(data.inviteCode)).json.data).toMatchObject({ status: "expired", expired: true });
    expectError(await info("NoSuchInvitationCode0000000000000"), 404, "Invitation not found");
    expectError(await info("bad%20code"), 404);
  });
});

describe("POST /api/friend-invites/{code}/accept", () => {
  it("makes both friends, marks it accepted, and tells the inviter live through the inbox", async () => {
    const alice = await signUp("Alice Host");
    const bob = await signUp("Bob Guest");
    const data = await created(alice, address());
    const sock = await inbox(alice);
    const r = await accept(bob, data.inviteCode);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({
      friendId: alice.id,
      friendName: "Alice Host",
      systemNotificationData: { action: "friend_invite_accepted", userId: bob.id, inviterName: "Alice Host" },
    });
    const [frame] = await framesOf(sock, (f) => f.type === "system_notification" && f.notification.type === "friend_invite_accepted");
    expect(frame.notification.data).toMatchObject({ actorId: bob.id, actorName: "Bob Guest" });
    sock.close();
    const stored = await env.DB.prepare("SELECT type FROM notification WHERE user_id = ?").bind(alice.id).all<{ type: string }>();
    expect(stored.results.map((n) => n.type)).toContain("friend_invite_accepted");
    // Each sees the other in Contacts.
    expect(await contactIds(alice)).toContain(bob.id);
    expect(await contactIds(bob)).toContain(alice.id);
    expect((await info(data.inviteCode)).json.data.status).toBe("accepted");
  });

  it("works once: a second accept, by anyone, is 410", async () => {
    const alice = await signUp();
    const data = await created(alice);
    const bob = await signUp();
    expect((await accept(bob, data.inviteCode)).status).toBe(200);
    expectError(await accept(bob, data.inviteCode), 410, "This invitation has already been used");
    const carol = await signUp();
    expectError(await accept(carol, data.inviteCode), 410, "This invitation has already been used");
    expect(await contactIds(alice)).not.toContain(carol.id);
  });

  it("refuses an expired invitation, the inviter's own, unknown codes and the signed-out", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const old = await created(alice);
    await expireInDb(old.id);
    expectError(await accept(bob, old.inviteCode), 410, "This invitation has expired");
    expect(await contactIds(bob)).not.toContain(alice.id);
    const mine = await created(alice);
    expectError(await accept(alice, mine.inviteCode), 400, "You cannot accept your own invitation");
    expectError(await accept(bob, "NoSuchInvitationCode0000000000000"), 404, "Invitation not found");
    await expectSignedOutRefused(`/api/friend-invites/${mine.inviteCode}/accept`, "POST", {});
    // The refused attempts left it open for the person it was meant for.
    expect((await accept(bob, mine.inviteCode)).status).toBe(200);
  });

  it("a revoked invitation stays closed", async () => {
    const alice = await signUp();
    const data = await created(alice);
    await env.DB.prepare("UPDATE friend_invite SET status = 'revoked' WHERE id = ?").bind(data.id).run();
    expectError(await accept(await signUp(), data.inviteCode), 410, "This invitation is revoked");
  });
});
