import { describe, expect, it } from "vitest";
import { FRAME_BURST, PING_TEXT } from "../../../contract";
import { connect, createGroup, framesOf, inbox, messageFrom, send, sendAll, team } from "../chat-helpers";

/** A frame the room reads and refuses; pings would not do, the platform answers them without the room. */
const UNKNOWN = { type: "no_such_frame" };

/** Nothing a client sends may flood a socket: floods close with 4008. */
// Generous: the suite shares two cores with other workers.
describe("a per-socket frame budget", { timeout: 30_000 }, () => {
  it("closes a flooding chat socket with 4008 while the other members chat on", async () => {
    const { admin, members } = await team("Bob");
    const chatId = await createGroup(admin, members);
    const flooder = await connect(chatId, members[0]!);
    const aliceSock = await connect(chatId, admin);
    for (let i = 0; i < FRAME_BURST * 5; i += 1) flooder.send(UNKNOWN);
    expect(await flooder.closed).toMatchObject({ code: 4008 });
    expect((await send(aliceSock, "anyone?")).success).toBe(true);
  });

  it("lets a member send 40 messages and pings in a row without closing", async () => {
    const { admin, members } = await team("Bob");
    const chatId = await createGroup(admin, members);
    const bobSock = await connect(chatId, members[0]!);
    const aliceSock = await connect(chatId, admin);
    const acks = await sendAll(
      aliceSock,
      Array.from({ length: 40 }, (_, i) => `quick ${i}`),
    );
    expect(acks.every((a) => a.success)).toBe(true);
    for (let i = 0; i < 10; i += 1) aliceSock.send({ type: "ping" });
    await framesOf(aliceSock, (f) => f.type === "pong", 10);
    await framesOf(bobSock, messageFrom(acks.at(-1).message_id));
    expect((await send(aliceSock, "still open")).success).toBe(true);
  });

  it("closes a flooding inbox socket with 4008", async () => {
    const { admin } = await team();
    const tab = await inbox(admin);
    for (let i = 0; i < FRAME_BURST * 5; i += 1) tab.send(UNKNOWN);
    expect(await tab.closed).toMatchObject({ code: 4008 });
  });

  it("answers pings without spending the budget: the platform replies, the objects never see them", async () => {
    const { admin, members } = await team("Bob");
    const chatId = await createGroup(admin, members);
    const sock = await connect(chatId, admin);
    const tab = await inbox(admin);
    for (let i = 0; i < FRAME_BURST * 3; i += 1) {
      sock.ws.send(PING_TEXT);
      tab.ws.send(PING_TEXT);
    }
    await framesOf(sock, (f) => f.type === "pong", FRAME_BURST * 3);
    await framesOf(tab, (f) => f.type === "pong", FRAME_BURST * 3);
    // Three bursts of frames handled by the room would have closed both sockets with 4008.
    expect((await send(sock, "still open")).success).toBe(true);
    tab.send(UNKNOWN);
    tab.ws.send(PING_TEXT);
    await framesOf(tab, (f) => f.type === "pong", FRAME_BURST * 3 + 1);
  });
});
