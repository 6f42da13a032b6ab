import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { MentionFrame } from "../../../contract";
import { agentGroup, ask } from "../agent-helpers";
import { call } from "../helpers";
import { connect, createGroup, expectNoFrame, inbox, openPrivate, send, settle, team } from "../chat-helpers";
import { mentionsOf, usernameOf, waitForMention, withPreview } from "./mention-helpers";

describe("who a message mentions", () => {
  it("notifies a member named by name or by username, with where the message lives", async () => {
    const { admin: alice, members } = await team("Bob Member", "Carol Member");
    const [bob, carol] = members;
    const chatId = await createGroup(alice, [bob!, carol!]);
    const sock = await connect(chatId, alice);

    const ack = await send(sock, "@Bob Member could you review the release notes before Friday please?");
    expect(ack.success).toBe(true);
    const { mentions, unread } = await waitForMention(bob!, () => true);
    expect(unread).toBe(1);
    expect(mentions).toEqual([
      {
        id: expect.stringMatching(/^mention_/),
        timestamp: ack.timestamp,
        read: false,
        mentionType: "user",
        senderName: "Alice Owner",
        // Cut at 50 characters.
        messagePreview: "@Bob Member could you review the release notes bef",
        chatId,
        chatName: "Team Room",
        messageId: ack.message_id,
        chatType: 0,
      },
    ]);

    const carolName = await usernameOf(carol!);
    await send(sock, `thanks! @${carolName.toUpperCase()} too`);
    const forCarol = await waitForMention(carol!, () => true);
    expect(forCarol.mentions).toEqual([expect.objectContaining({ mentionType: "user", messagePreview: `thanks! @${carolName.toUpperCase()} too` })]);
    // Bob was not named the second time; the sender is never notified.
    expect((await mentionsOf(bob!)).mentions).toHaveLength(1);
    expect((await mentionsOf(alice)).mentions).toEqual([]);
  });

  it("@everyone, @all and @here reach every other human member; a direct name wins over them", async () => {
    const { admin: alice, members } = await team("Bob Member", "Carol Member");
    const [bob, carol] = members;
    const chatId = await createGroup(alice, [bob!, carol!]);
    const sock = await connect(chatId, alice);

    await send(sock, "@Everyone standup in 5");
    for (const u of [bob!, carol!]) {
      const { mentions } = await waitForMention(u, withPreview("@Everyone standup in 5"));
      expect(mentions[0]).toMatchObject({ mentionType: "all", senderName: "Alice Owner" });
    }
    await send(sock, "@here and @carol member, your slides");
    const forCarol = await waitForMention(carol!, withPreview("@here and @carol member, your slides"));
    const forBob = await waitForMention(bob!, withPreview("@here and @carol member, your slides"));
    expect(forCarol.mentions[0].mentionType).toBe("user");
    expect(forBob.mentions[0].mentionType).toBe("all");
    expect((await mentionsOf(alice)).mentions).toEqual([]);

    // Bob answering @all reaches Alice and Carol, not Bob himself.
    const bobSock = await connect(chatId, bob!);
    await send(bobSock, "@all done");
    await waitForMention(alice, withPreview("@all done"));
    await waitForMention(carol!, withPreview("@all done"));
    expect((await mentionsOf(bob!)).mentions.map((m) => m.messagePreview)).not.toContain("@all done");
  });

  it("never notifies the sender or people outside the chat, even when named", async () => {
    const { admin: alice, members } = await team("Bob Member", "Dave Outsider");
    const [bob, dave] = members;
    const chatId = await createGroup(alice, [bob!]);
    const sock = await connect(chatId, alice);
    await send(sock, "@Alice Owner @Dave Outsider @Bob Member sync?");
    await waitForMention(bob!, () => true);
    await settle();
    expect((await mentionsOf(alice)).mentions).toEqual([]);
    expect((await mentionsOf(dave!)).mentions).toEqual([]);
  });

  it("a member removed from the group is no longer notified, and keeps the mentions they had", async () => {
    const { admin: alice, members } = await team("Bob Member", "Carol Member");
    const [bob, carol] = members;
    const chatId = await createGroup(alice, [bob!, carol!]);
    const sock = await connect(chatId, alice);
    await send(sock, "@Bob Member first");
    await waitForMention(bob!, withPreview("@Bob Member first"));
    const removed = await call(`/api/group-chats/${chatId}/participants`, {
      token: alice.token,
      method: "DELETE",
      body: { participantIds: [bob!.id], participantType: "user" },
    });
    expect(removed.status, JSON.stringify(removed.json)).toBe(200);
    await send(sock, "@Bob Member @Carol Member second");
    await waitForMention(carol!, withPreview("@Bob Member @Carol Member second"));
    await settle();
    expect((await mentionsOf(bob!)).mentions.map((m) => m.messagePreview)).toEqual(["@Bob Member first"]);
  });

  it("mentions in the ask-only stream notify nobody; in the agent stream they do", async () => {
    const { owner, members, ownerSock } = await agentGroup("Bob Member");
    const bob = members[0]!;
    const secret = await ask(ownerSock, "@Bob Member is this secret?", 2);
    expect(secret.success).toBe(true);
    const request = await ask(ownerSock, "@Bob Member please look at the agent's plan", 1);
    expect(request.success).toBe(true);
    const { mentions } = await waitForMention(bob, () => true);
    expect(mentions).toEqual([
      expect.objectContaining({ messagePreview: "@Bob Member please look at the agent's plan", chatType: 1, messageId: request.message_id }),
    ]);
    await settle();
    expect((await mentionsOf(bob)).mentions).toHaveLength(1);
    expect((await mentionsOf(owner)).mentions).toEqual([]);
  });

  it("works in a private chat between two people, named after the sender for the one mentioned", async () => {
    const { admin: alice, members } = await team("Bob Member");
    const bob = members[0]!;
    const opened = await openPrivate(alice, bob.id);
    expect(opened.status, JSON.stringify(opened.json)).toBe(200);
    const chatId = opened.json.data.chatId;
    const sock = await connect(chatId, alice);
    await send(sock, "hey @bob member");
    const { mentions } = await waitForMention(bob, () => true);
    expect(mentions[0]).toMatchObject({ chatId, chatName: "Alice Owner", mentionType: "user", chatType: 0 });
  });

  it("a retried send (same message id) is one notification", async () => {
    const { admin: alice, members } = await team("Bob Member");
    const bob = members[0]!;
    const chatId = await createGroup(alice, [bob]);
    const sock = await connect(chatId, alice);
    const first = await send(sock, "@Bob Member once", 0, "msg_retry_once");
    const again = await send(sock, "@Bob Member once", 0, "msg_retry_once");
    expect(again).toMatchObject({ success: true, duplicate: true, seq: first.seq });
    await waitForMention(bob, () => true);
    await send(sock, "@Bob Member after");
    await waitForMention(bob, withPreview("@Bob Member after"));
    expect((await mentionsOf(bob)).mentions.map((m) => m.messagePreview)).toEqual(["@Bob Member after", "@Bob Member once"]);
  });
});

describe("the live notification", () => {
  it("reaches every open tab of the member mentioned, and nobody else's", async () => {
    const { admin: alice, members } = await team("Bob Member", "Carol Member");
    const [bob, carol] = members;
    const chatId = await createGroup(alice, [bob!, carol!]);
    const [bobTab1, bobTab2, carolTab, aliceTab] = await Promise.all([inbox(bob!), inbox(bob!), inbox(carol!), inbox(alice)]);
    const sock = await connect(chatId, alice);
    const ack = await send(sock, "@Bob Member the build is green");
    for (const tab of [bobTab1, bobTab2]) {
      const frame = await tab.next((f) => f.type === "mention");
      expect(v.is(MentionFrame, frame)).toBe(true);
      expect(frame.mention).toMatchObject({
        mentionType: "user",
        senderName: "Alice Owner",
        messagePreview: "@Bob Member the build is green",
        chatId,
        messageId: ack.message_id,
        read: false,
      });
      expect(frame.mention.id).toBe((await mentionsOf(bob!)).mentions[0].id);
    }
    await expectNoFrame(carolTab, (f) => f.type === "mention");
    await expectNoFrame(aliceTab, (f) => f.type === "mention");
  });
});
