import { env, runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { connect, createGroup, framesOf, inbox, messageFrom, room, send, team } from "../chat-helpers";
import { call, expireSession, rawToken, signIn } from "../helpers";

/** Alice's group with Bob in it, the setting of every test here. */
async function groupWithBob() {
  const { admin, members } = await team("Bob");
  return { admin, bob: members[0]!, chatId: await createGroup(admin, members) };
}

const inboxOf = (userId: string) => env.USER_INBOX.get(env.USER_INBOX.idFromName(userId));

/** Open chat and inbox sockets end with their session. */
// Generous: the suite shares two cores with other workers.
describe("sockets close when their session ends", { timeout: 30_000 }, () => {
  it("closes the signed-out session's chat and inbox sockets at once with 4001; the user's other session stays", async () => {
    const { admin, bob, chatId } = await groupWithBob();
    const laptop = await connect(chatId, bob);
    const laptopInbox = await inbox(bob);
    const phone = { ...bob, token: (await signIn(bob.email)).token };
    const phoneSock = await connect(chatId, phone);
    const aliceSock = await connect(chatId, admin);

    const out = await call("/api/auth/sign-out", { token: bob.token, body: {} });
    expect(out.status).toBe(200);
    expect(await laptop.closed).toMatchObject({ code: 4001 });
    expect(await laptopInbox.closed).toMatchObject({ code: 4001 });

    const sent = await send(aliceSock, "still here?");
    await framesOf(phoneSock, messageFrom(sent.message_id));
    expect(laptop.frames.some(messageFrom(sent.message_id))).toBe(false);
  });

  it("closes the sockets of sessions revoked from another device at once", async () => {
    const { admin, bob, chatId } = await groupWithBob();
    const laptop = await connect(chatId, bob);
    const laptopInbox = await inbox(bob);
    const phone = { ...bob, token: (await signIn(bob.email)).token };
    const phoneSock = await connect(chatId, phone);
    const tablet = { ...bob, token: (await signIn(bob.email)).token };
    const tabletSock = await connect(chatId, tablet);

    const others = await call("/api/auth/revoke-other-sessions", { token: phone.token, body: {} });
    expect(others.status).toBe(200);
    expect(await laptop.closed).toMatchObject({ code: 4001 });
    expect(await laptopInbox.closed).toMatchObject({ code: 4001 });
    expect(await tabletSock.closed).toMatchObject({ code: 4001 });
    expect((await send(phoneSock, "only the phone is left")).success).toBe(true);
  });

  it("closes sockets of an expired session on the room's and inbox's timer", async () => {
    const { admin, bob, chatId } = await groupWithBob();
    const bobSock = await connect(chatId, bob);
    const bobInbox = await inbox(bob);
    const aliceSock = await connect(chatId, admin);
    await expireSession(bob.token);

    expect(await runDurableObjectAlarm(room(chatId))).toBe(true);
    expect(await bobSock.closed).toMatchObject({ code: 4001 });
    expect(await runDurableObjectAlarm(inboxOf(bob.id))).toBe(true);
    expect(await bobInbox.closed).toMatchObject({ code: 4001 });
    // The live session's socket is untouched and the timer keeps running while it is open.
    const sent = await send(aliceSock, "alone now");
    expect(sent.success).toBe(true);
    expect(await runDurableObjectAlarm(room(chatId))).toBe(true);
    expect((await send(aliceSock, "still alone")).success).toBe(true);
  });

  it("closes sockets of a session revoked elsewhere on the timer", async () => {
    const { admin, bob, chatId } = await groupWithBob();
    const bobSock = await connect(chatId, bob);
    await env.DB.prepare("DELETE FROM session WHERE token = ?").bind(rawToken(bob.token)).run();
    await runDurableObjectAlarm(room(chatId));
    expect(await bobSock.closed).toMatchObject({ code: 4001 });
  });
});
