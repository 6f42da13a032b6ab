import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, expectError, expectJsonBodyChecks, signUp, type TestUser } from "../helpers";
import { chatList, connect, createGroup, inbox, send, team } from "../chat-helpers";

const invite = (u: TestUser, chatId: string, inviteeEmail: unknown) => call("/api/group-invites", { token: u.token, body: { inviteeEmail, chatId } });
const accept = (u: TestUser, code: string) => call(`/api/group-invites/${code}/accept`, { token: u.token, body: {} });
const list = (u: TestUser, chatId: string) => call(`/api/group-invites?type=sent&chatId=${chatId}`, { token: u.token });
const address = () => `invitee${crypto.randomUUID().slice(0, 8)}@example.com`;

async function groupOfTwo() {
  const { admin, members } = await team("Bob");
  return { owner: admin, bob: members[0]!, chatId: await createGroup(admin, members, [], "Invite Club") };
}

describe("POST /api/group-invites", () => {
  it("accepts an e-mail whose local part has 8 to 32 characters, refuses others with the spec's text", async () => {
    const { owner, chatId } = await groupOfTwo();
    for (const bad of [
      "short@example.com",
      "sevench@example.com",
      `${"a".repeat(33)}@example.com`,
      "no-at-sign-here",
      "longenough@",
      "longenough@nodot",
      "",
      "   ",
      42,
    ]) {
      expectError(await invite(owner, chatId, bad), 400, "Please enter a valid email address.");
    }
    for (const good of ["eightchr@example.com", `${"b".repeat(32)}@example.co.uk`, "  first.last@example.com  "]) {
      const r = await invite(owner, chatId, good);
      expect(r.status, good).toBe(200);
      expect(r.json.data).toMatchObject({
        id: expect.any(String),
        inviteCode: expect.stringMatching(/^[A-Z2-9]{28}$/),
        error: null,
        expiresAt: expect.any(String),
      });
    }
    expectError(await invite(owner, "", "eightchr@example.com"), 400, "No chat specified for invitation.");
    await expectJsonBodyChecks("/api/group-invites", "POST", owner.token, { inviteeEmail: "eightchr@example.com", chatId });
  });

  it("an invitation without a chat or without an e-mail gets the spec's texts", async () => {
    const { owner, chatId } = await groupOfTwo();
    // Spec 02 §5: "No chat gives 'No chat specified for invitation.'"; the e-mail must be non-empty.
    expectError(
      await call("/api/group-invites", { token: owner.token, body: { inviteeEmail: "eightchr@example.com" } }),
      400,
      "No chat specified for invitation.",
    );
    expectError(await call("/api/group-invites", { token: owner.token, body: { chatId } }), 400, "Please enter a valid email address.");
  });

  it("returns a 7-day invitation; the notification data names the invitee only when the owner already knows them", async () => {
    const { owner, bob, chatId } = await groupOfTwo();
    const email = address();
    const invitee = await signUp("Ivy Invitee", email);
    const r = await invite(owner, chatId, email.toUpperCase());
    // Ivy has an account, but the owner does not know her: the answer must not tell that it exists.
    expect(r.json.data.systemNotificationData).toMatchObject({
      inviteeUserId: null,
      chatName: "Invite Club",
      inviterName: "Alice Owner",
      inviteCode: r.json.data.inviteCode,
    });
    expect(JSON.stringify(r.json)).not.toContain(invitee.id);
    const days = (new Date(r.json.data.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    expect((await invite(owner, chatId, address())).json.data.systemNotificationData.inviteeUserId).toBeNull();
    expect((await invite(owner, chatId, bob.email)).json.data.systemNotificationData.inviteeUserId).toBe(bob.id);
  });

  it("mails the invitation with a link to the group invitation page, and tells an invitee with an account in their notifications", async () => {
    const { owner, chatId } = await groupOfTwo();
    const email = address();
    const ivy = await signUp("Ivy Invitee", email);
    const box = await inbox(ivy);
    const r = await invite(owner, chatId, email);
    const mail = await env.DB.prepare("SELECT to_email, kind, text_body FROM mail_outbox WHERE dedupe_key = ?")
      .bind(`group_invite:${r.json.data.id}`)
      .first<{ to_email: string; kind: string; text_body: string }>();
    expect(mail).toMatchObject({ to_email: email, kind: "group_invite" });
    expect(mail!.text_body).toContain(`http://localhost/group-invite/${r.json.data.inviteCode}`);
    expect(mail!.text_body).toContain("Invite Club");
    const frame = await box.next((f) => f.type === "system_notification");
    expect(frame.notification).toMatchObject({ type: "email_group_join_request", data: { chatId, chatName: "Invite Club", actorName: "Alice Owner" } });
    expect(frame.notification.actions[0]).toMatchObject({ apiEndpoint: `/api/group-invites/${r.json.data.inviteCode}/accept`, method: "POST" });
    box.close();
  });
});

describe("GET /api/group-invites", () => {
  it("lists the chat's invitations, newest first", async () => {
    const { owner, chatId } = await groupOfTwo();
    const emails = [address(), address(), address()];
    for (const e of emails) {
      await invite(owner, chatId, e);
      await new Promise((r) => setTimeout(r, 5));
    }
    const r = await list(owner, chatId);
    expect(r.status).toBe(200);
    expect(r.json.data.invites.map((i: any) => i.invitee_email)).toEqual([...emails].reverse());
    expect(r.json.data.invites[0]).toMatchObject({
      status: "pending",
      chat_name: "Invite Club",
      chatId,
      invite_code: expect.any(String),
      created_at: expect.any(String),
      expires_at: expect.any(String),
    });
    expectError(await call("/api/group-invites?type=sent", { token: owner.token }), 400);
  });
});

describe("POST /api/group-invites/{code}/accept", () => {
  it("the invitee (of another organization) joins; the chat shows in their list; members hear of it", async () => {
    const { owner, bob, chatId } = await groupOfTwo();
    const email = address();
    const ivy = await signUp("Ivy Invitee", email);
    const code = (await invite(owner, chatId, email)).json.data.inviteCode;
    const [ivyBox, bobBox] = await Promise.all([inbox(ivy), inbox(bob)]);
    const r = await accept(ivy, code.toLowerCase());
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({ chatId, chatName: "Invite Club" });
    expect((await ivyBox.next((f) => f.type === "group_add")).chat).toMatchObject({ id: chatId, name: "Invite Club" });
    expect(await bobBox.next((f) => f.type === "member_add")).toEqual({ type: "member_add", chatId, participantIds: [ivy.id] });
    expect((await chatList(ivy)).map((c) => c.id)).toContain(chatId);
    const i = await connect(chatId, ivy);
    expect(await send(i, "thanks for the invite")).toMatchObject({ success: true });
    expect((await list(owner, chatId)).json.data.invites[0].status).toBe("accepted");
    // Accepting again changes nothing.
    expect((await accept(ivy, code)).status).toBe(200);
    const members = (await call(`/api/chats/${chatId}/participants`, { token: owner.token })).json.data.participants;
    expect(members.filter((p: any) => p.id === ivy.id)).toHaveLength(1);
  });

  it("a member the owner removed cannot come back through the invitation they already used", async () => {
    const { owner, chatId } = await groupOfTwo();
    const email = address();
    const ivy = await signUp("Ivy Invitee", email);
    const code = (await invite(owner, chatId, email)).json.data.inviteCode;
    expect((await accept(ivy, code)).status).toBe(200);
    const removed = await call(`/api/group-chats/${chatId}/participants`, {
      method: "DELETE",
      token: owner.token,
      body: { participantIds: [ivy.id], participantType: "user" },
    });
    expect(removed.status).toBe(200);
    const again = await accept(ivy, code);
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect((await call(`/api/chats/${chatId}`, { token: ivy.token })).status).toBe(404);
    expect((await chatList(ivy)).map((c) => c.id)).not.toContain(chatId);
  });

  it("a member removed after the invitation was sent cannot use it; a new invitation sent after the removal works", async () => {
    const { owner, bob, chatId } = await groupOfTwo();
    const code = (await invite(owner, chatId, bob.email)).json.data.inviteCode;
    const removed = await call(`/api/group-chats/${chatId}/participants`, {
      method: "DELETE",
      token: owner.token,
      body: { participantIds: [bob.id], participantType: "user" },
    });
    expect(removed.status).toBe(200);
    expectError(await accept(bob, code), 410, "This invitation is revoked");
    expect((await chatList(bob)).map((c) => c.id)).not.toContain(chatId);
    const fresh = (await invite(owner, chatId, bob.email)).json.data.inviteCode;
    expect((await accept(bob, fresh)).status).toBe(200);
    expect((await chatList(bob)).map((c) => c.id)).toContain(chatId);
  });

  it("someone else holding the link gets 403 and does not join", async () => {
    const { owner, bob, chatId } = await groupOfTwo();
    const code = (await invite(owner, chatId, address())).json.data.inviteCode;
    const eve = await signUp("Eve Eavesdropper");
    expectError(await accept(eve, code), 403);
    expectError(await accept(bob, code), 403);
    expect((await call(`/api/chats/${chatId}`, { token: eve.token })).status).toBe(404);
    expect((await list(owner, chatId)).json.data.invites[0].status).toBe("pending");
  });

  it("an expired invitation is 410 and listed as expired; an unknown code is 404", async () => {
    const { owner, chatId } = await groupOfTwo();
    const email = address();
    const ivy = await signUp("Ivy Invitee", email);
    const code = (await invite(owner, chatId, email)).json.data.inviteCode;
    await env.DB.prepare("UPDATE group_invite SET expires_at = ? WHERE invite_code = ?")
      .bind(Date.now() - 1000, code)
      .run();
    expectError(await accept(ivy, code), 410);
    expect((await chatList(ivy)).map((c) => c.id)).not.toContain(chatId);
    expect((await list(owner, chatId)).json.data.invites[0].status).toBe("expired");
    expectError(await accept(ivy, "NOSUCHCODE234567"), 404);
    expectError(await accept(ivy, "x".repeat(65)), 400);
  });

  it("an invitation to a dissolved group is gone", async () => {
    const { owner, chatId } = await groupOfTwo();
    const email = address();
    const ivy = await signUp("Ivy Invitee", email);
    const code = (await invite(owner, chatId, email)).json.data.inviteCode;
    expect((await call(`/api/group-chats/${chatId}`, { method: "DELETE", token: owner.token })).status).toBe(200);
    const r = await accept(ivy, code);
    expect([404, 410]).toContain(r.status);
    expect(await chatList(ivy)).toEqual([]);
  });
});
