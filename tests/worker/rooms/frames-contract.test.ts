import { describe, expect, it } from "vitest";
import { parseInboxFrame, parseRoomFrame } from "../../../contract";
import { agentGroup, ask, followReply } from "../agent-helpers";
import { framesOf, inbox, send, settle } from "../chat-helpers";
import { call } from "../helpers";
import type { TestSocket } from "../socket-helpers";

/** Every text a socket receives from now on, as sent (`next` takes frames out of `frames`). */
function wire(sock: TestSocket): string[] {
  const texts: string[] = [];
  sock.ws.addEventListener("message", (e) => typeof e.data === "string" && texts.push(e.data));
  return texts;
}

/**
 * The frames the room and the inbox really send, from a session that touches most of them, each
 * checked against the contract's schemas: what the SPA parses with must match what is on the wire.
 */
describe("frames on the wire match the contract", { timeout: 30_000 }, () => {
  it("every room and inbox frame of a busy session parses", async () => {
    const { owner, members, chatId, ownerSock, memberSocks } = await agentGroup("Bob Member", "Carol Member");
    const [bob, carol] = members;
    const [bobSock, carolSock] = memberSocks;
    const ownerInbox = await inbox(owner);
    const carolInbox = await inbox(carol!);
    const roomWire = [ownerSock, bobSock!, carolSock!].map(wire);
    const inboxWire = [ownerInbox, carolInbox].map(wire);

    const sent = await send(ownerSock, "hello team");
    await call(`/api/messages/${sent.message_id}/reactions?chatId=${chatId}`, { token: bob!.token, body: { emoji: "👍" } });
    await call(`/api/messages/${sent.message_id}/like?chatId=${chatId}`, { token: bob!.token, body: {} });
    await ask(ownerSock, "say something");
    await followReply(ownerSock);
    bobSock!.send({ type: "request_presenter", message: "may I?" });
    await bobSock!.next((f) => f.type === "request_success");
    await ownerInbox.next((f) => f.type === "presenter_request");
    bobSock!.send({ type: "transfer_presenter", targetPresenter: owner.id });
    await bobSock!.next((f) => f.type === "transfer_error");
    await call(`/api/group-chats/${chatId}`, { method: "PUT", token: owner.token, body: { name: "Renamed Room" } });
    await call(`/api/group-chats/${chatId}/participants`, {
      method: "DELETE",
      token: owner.token,
      body: { participantIds: [carol!.id], participantType: "user" },
    });
    await carolSock!.closed;
    await carolInbox.next((f) => f.type === "group_remove");
    ownerSock.send({ type: "resume", lastSeq: 0 });
    await framesOf(ownerSock, (f) => f.type === "replay_done");
    ownerSock.send({ type: "no_such_frame" });
    await ownerSock.next((f) => f.type === "error");
    await settle();

    // The ready frames came before the listeners; they are still in `frames`.
    const roomFrames = [
      ...roomWire.flat(),
      ...[ownerSock, bobSock!, carolSock!].flatMap((s) => s.frames.filter((f) => f.type === "ready").map((f) => JSON.stringify(f))),
    ].map((text) => JSON.parse(text));
    const inboxFrames = inboxWire.flat().map((text) => JSON.parse(text));
    expect(roomFrames.filter((f) => parseRoomFrame(f) === null)).toEqual([]);
    expect(inboxFrames.filter((f) => parseInboxFrame(f) === null)).toEqual([]);
    // The session really covered the frame kinds it means to check.
    const roomTypes = new Set(roomFrames.map((f) => f.type));
    for (const type of [
      "ready",
      "chat_ack",
      "message",
      "reactions",
      "likes",
      "streaming_message",
      "streaming_done",
      "chat_done",
      "agent_status",
      "control_state",
      "presenter_request",
      "request_success",
      "transfer_error",
      "chat_renamed",
      "member_remove",
      "group_remove",
      "replay_done",
      "error",
    ]) {
      expect(roomTypes, type).toContain(type);
    }
    const inboxTypes = new Set(inboxFrames.map((f) => f.type));
    for (const type of ["presenter_request", "chat_updated", "group_remove"]) expect(inboxTypes, type).toContain(type);
  });
});
