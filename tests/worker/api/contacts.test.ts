import { describe, expect, it } from "vitest";
import { call, expectError, expectSignedOutRefused, signUp, type TestUser } from "../helpers";
import { addVire, chatList, connect, createGroup, createGroupCall, flushMirror, openPrivate, send, team } from "../chat-helpers";

interface ContactRow {
  id: string;
  name: string;
  email: string | null;
  type: string;
  role: string | null;
  agentType: string | null;
  isOrgAdmin: boolean;
  isOrgMember: boolean;
  isFriend: boolean;
  lastChatTime: string | null;
}

const contactsOf = async (u: TestUser): Promise<ContactRow[]> => {
  const r = await call(`/api/contacts/${u.id}`, { token: u.token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data.contacts;
};
const remove = (u: TestUser, contactId: string, owner = u.id) => call(`/api/contacts/${owner}/${contactId}`, { token: u.token, method: "DELETE" });

/** `a` invites, `b` accepts: they are friends. */
async function befriend(a: TestUser, b: TestUser): Promise<void> {
  const sent = await call("/api/friend-invites", { token: a.token, body: { inviteeEmail: `friend${crypto.randomUUID().slice(0, 8)}@example.com` } });
  expect((await call(`/api/friend-invites/${sent.json.data.inviteCode}/accept`, { token: b.token, body: {} })).status).toBe(200);
}

describe("GET /api/contacts/{userId}", () => {
  it("lists my organization's members, my friends from elsewhere and my VIREs, with their tags", async () => {
    const { admin: alice, members } = await team("Bob Colleague");
    const bob = members[0]!;
    const frank = await signUp("Frank Friend");
    const stranger = await signUp("Sam Stranger");
    await befriend(frank, alice);
    const vireId = await addVire(alice, "Vera Helper");
    const contacts = await contactsOf(alice);
    const byId = new Map(contacts.map((c) => [c.id, c]));
    expect([...byId.keys()].sort()).toEqual([bob.id, frank.id, vireId].sort());
    expect(byId.get(bob.id)).toMatchObject({ type: "human", email: bob.email, isOrgMember: true, isOrgAdmin: false, isFriend: false, lastChatTime: null });
    expect(byId.get(frank.id)).toMatchObject({ type: "human", name: "Frank Friend", isOrgMember: false, isFriend: true });
    expect(byId.get(vireId)).toMatchObject({ type: "virtual_employee", name: "Vera Helper", email: null });
    // Bob sees Alice as the organization's admin; the stranger and Frank's contacts never show Alice's colleagues.
    expect((await contactsOf(bob)).find((c) => c.id === alice.id)).toMatchObject({ isOrgAdmin: true, isFriend: false });
    expect((await contactsOf(frank)).map((c) => c.id)).toEqual([alice.id]);
    expect(await contactsOf(stranger)).toEqual([]);
  });

  it("gives the time of the latest message of my private chat with a contact", async () => {
    const { admin: alice, members } = await team("Bob Chatty");
    const bob = members[0]!;
    const chatId = (await openPrivate(alice, bob.id)).json.data.chatId;
    const sock = await connect(chatId, alice);
    await send(sock, "hello Bob");
    sock.close();
    await flushMirror(chatId, 1);
    const last = (await contactsOf(alice)).find((c) => c.id === bob.id)!.lastChatTime;
    expect(last).not.toBeNull();
    expect(Math.abs(new Date(last!).getTime() - Date.now())).toBeLessThan(60_000);
    expect((await contactsOf(bob)).find((c) => c.id === alice.id)!.lastChatTime).toBe(last);
  });

  it("shows only my own contacts: anyone else's id is 403, and the signed-out get 401", async () => {
    const { admin: alice, members } = await team("Bob Nosy");
    expectError(await call(`/api/contacts/${alice.id}`, { token: members[0]!.token }), 403, "You can only see your own contacts");
    await expectSignedOutRefused(`/api/contacts/${alice.id}`);
  });
});

describe("DELETE /api/contacts/{userId}/{contactId}", () => {
  it("unfriends a friend on both sides", async () => {
    const alice = await signUp("Alice Unfriends");
    const frank = await signUp("Frank Former");
    await befriend(alice, frank);
    const r = await remove(alice, frank.id);
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({ removed: true });
    expect((await contactsOf(alice)).map((c) => c.id)).not.toContain(frank.id);
    expect((await contactsOf(frank)).map((c) => c.id)).not.toContain(alice.id);
    // No longer friends: removing again finds nobody.
    expectError(await remove(alice, frank.id), 404, "Contact not found");
  });

  it("hides a colleague from my list only; they stay colleagues and still see me", async () => {
    const { admin: alice, members } = await team("Bob Hidden");
    const bob = members[0]!;
    expect((await remove(alice, bob.id)).status).toBe(200);
    expect((await contactsOf(alice)).map((c) => c.id)).not.toContain(bob.id);
    expect((await contactsOf(bob)).map((c) => c.id)).toContain(alice.id);
    // Still a colleague: a private chat with him opens.
    expect((await openPrivate(alice, bob.id)).status).toBe(200);
  });

  it("refuses VIREs, myself, people I cannot see, and someone else's list", async () => {
    const { admin: alice, members } = await team("Bob Other");
    const vireId = await addVire(alice);
    expectError(await remove(alice, vireId), 400, "Only human contacts can be deleted");
    expect((await contactsOf(alice)).map((c) => c.id)).toContain(vireId);
    expectError(await remove(alice, alice.id), 400, "You cannot remove yourself");
    const stranger = await signUp();
    expectError(await remove(alice, stranger.id), 404, "Contact not found");
    // Someone else's VIRE is nobody to me.
    expectError(await remove(stranger, vireId), 404, "Contact not found");
    expectError(await remove(members[0]!, alice.id, alice.id), 403, "You can only see your own contacts");
    await expectSignedOutRefused(`/api/contacts/${alice.id}/${members[0]!.id}`, "DELETE");
  });
});

describe("friends as External Friends", () => {
  it("appear in availableJoinMember and may be added to a group; strangers stay refused", async () => {
    const { admin: alice, members } = await team("Bob Member");
    const frank = await signUp("Frank Outside");
    const stranger = await signUp("Sam Outside");
    await befriend(alice, frank);
    const chatId = await createGroup(alice, members, [], "Friends Club");
    const r = await call(`/api/chats/${chatId}/availableJoinMember`, { token: alice.token });
    expect(r.json.data.availableMembers.externalFriends).toEqual([
      expect.objectContaining({ id: frank.id, name: "Frank Outside", category: "external", isParticipant: false }),
    ]);
    expect(r.json.data.availableMembers.organizationMembers.map((m: any) => m.id)).not.toContain(frank.id);

    const add = (ids: string[]) =>
      call(`/api/group-chats/${chatId}/participants`, { token: alice.token, body: { participantIds: ids, participantType: "user" } });
    expectError(await add([stranger.id]), 403, "You can only add members of the group's organization");
    expect((await add([frank.id])).status).toBe(200);
    const again = await call(`/api/chats/${chatId}/availableJoinMember`, { token: alice.token });
    expect(again.json.data.availableMembers.externalFriends[0]).toMatchObject({ id: frank.id, isParticipant: true });
    // Frank sees the group in his own chat list although it belongs to Alice's organization.
    expect((await chatList(frank)).map((c) => c.id)).toContain(chatId);
  });

  it("share one private chat whichever side opens it, and strangers get none", async () => {
    const { admin: alice } = await team();
    const frank = await signUp("Frank Chat");
    await befriend(alice, frank);
    const fromAlice = await openPrivate(alice, frank.id);
    expect(fromAlice.status, JSON.stringify(fromAlice.json)).toBe(200);
    const fromFrank = await openPrivate(frank, alice.id);
    expect(fromFrank.json.data.chatId).toBe(fromAlice.json.data.chatId);
    expect((await chatList(frank)).map((c) => c.id)).toContain(fromAlice.json.data.chatId);
    expectError(await openPrivate(alice, (await signUp()).id), 403, "You can only chat with members of your current organization");
  });

  it("may be put into a new group, and strangers may not", async () => {
    const alice = await signUp("Alice Creator");
    const frank = await signUp("Frank Invited");
    const stranger = await signUp("Sam Uninvited");
    await befriend(frank, alice);
    expect((await createGroupCall(alice, [frank], [], "With Frank")).status).toBe(200);
    expect((await createGroupCall(alice, [stranger], [], "With Sam")).status).toBe(403);
  });

  it("are forward recipients: listed as friends and reachable by a forward", async () => {
    const { admin: alice, members } = await team("Bob Colleague");
    const frank = await signUp("Frank Recipient");
    await befriend(alice, frank);
    const users = (await call("/api/organization/users?excludeSelf=true&friendsOnly=false", { token: alice.token })).json.data.users as any[];
    expect(users.find((u) => u.id === frank.id)).toMatchObject({ isFriend: true, isOrgMember: false });
    expect(users.find((u) => u.id === members[0]!.id)).toMatchObject({ isFriend: false, isOrgMember: true });
    const friendsOnly = (await call("/api/organization/users?excludeSelf=true&friendsOnly=true", { token: alice.token })).json.data.users as any[];
    expect(friendsOnly.map((u) => u.id)).toEqual([frank.id]);

    const chatId = await createGroup(alice, members, [], "Source");
    const sock = await connect(chatId, alice);
    const ack = await send(sock, "worth forwarding");
    sock.close();
    const forward = (to: string) =>
      call("/api/forward-messages", {
        token: alice.token,
        body: { messageIds: [ack.message_id], recipients: [{ id: to, type: "user" }], messageType: "private", sourceChatId: chatId },
      });
    const r = await forward(frank.id);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const stranger = await signUp();
    expect((await forward(stranger.id)).status).toBe(403);
  });
});
