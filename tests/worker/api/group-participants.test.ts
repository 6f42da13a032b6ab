import { describe, expect, it } from "vitest";
import { call, expectError, expectJsonBodyChecks, signUp, type TestUser } from "../helpers";
import { addVire, chatList, connect, createGroup, inbox, send, team, upgradeStatus } from "../chat-helpers";

const members = (u: TestUser, chatId: string, method: "POST" | "DELETE", participantIds: string[], participantType = "user") =>
  call(`/api/group-chats/${chatId}/participants`, { method, token: u.token, body: { participantIds, participantType } });

const participantIds = async (u: TestUser, chatId: string) =>
  ((await call(`/api/chats/${chatId}/participants`, { token: u.token })).json.data.participants as any[]).map((p) => p.id).sort();

describe("adding members", () => {
  it("the added user joins (inbox group_add with the chat), the others' inboxes get member_add, the room lets them in", async () => {
    const {
      admin,
      members: [bob, dave],
    } = (await team("Bob", "Dave")) as any;
    const chatId = await createGroup(admin, [bob]);
    const [aliceBox, bobBox, daveBox] = await Promise.all([inbox(admin), inbox(bob), inbox(dave)]);
    const r = await members(admin, chatId, "POST", [dave.id]);
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({
      chatId,
      chatName: "Team Room",
      systemNotificationData: { newMemberIds: [dave.id], chatName: "Team Room", addedBy: admin.id },
      notificationData: { newParticipantIds: [dave.id], addedBy: admin.id },
    });
    expect([...r.json.data.notificationData.originalUserIds].sort()).toEqual([admin.id, bob.id].sort());
    const added = await daveBox.next((f) => f.type === "group_add");
    expect(added.chat).toMatchObject({ id: chatId, name: "Team Room", type: "group" });
    for (const box of [aliceBox, bobBox])
      expect(await box.next((f) => f.type === "member_add")).toEqual({ type: "member_add", chatId, participantIds: [dave.id] });
    expect((await chatList(dave)).map((c) => c.id)).toContain(chatId);
    expect(await participantIds(dave, chatId)).toEqual([admin.id, bob.id, dave.id].sort());
    const d = await connect(chatId, dave);
    expect(await send(d, "hi all")).toMatchObject({ success: true });
  });

  it("refuses people already in the group (409), outsiders (403), a second VIRE (400); adding a VIRE makes it an agent group", async () => {
    const {
      admin,
      members: [bob],
    } = (await team("Bob")) as any;
    const chatId = await createGroup(admin, [bob]);
    expectError(await members(admin, chatId, "POST", [bob.id]), 409);
    const outsider = await signUp("Olga Outsider");
    expectError(await members(admin, chatId, "POST", [outsider.id]), 403);
    expect(await participantIds(admin, chatId)).toEqual([admin.id, bob.id].sort());
    const [v1, v2] = [await addVire(admin, "One"), await addVire(admin, "Two")];
    expectError(await members(admin, chatId, "POST", [v1, v2], "virtual_employee"), 400, "Each group can only select up to 1 virtual employee");
    expectError(await members(admin, chatId, "POST", [await addVire(bob, "Bob's")], "virtual_employee"), 404);
    expect((await members(admin, chatId, "POST", [v1], "virtual_employee")).status).toBe(200);
    expect((await call(`/api/chats/${chatId}`, { token: admin.token })).json.data).toMatchObject({ chatType: "single_group", agentCount: 1 });
    expectError(await members(admin, chatId, "POST", [v2], "virtual_employee"), 400, "Each group can only select up to 1 virtual employee");
    expectError(await members(admin, chatId, "POST", []), 400, "Please select members");
    await expectJsonBodyChecks(`/api/group-chats/${chatId}/participants`, "POST", admin.token, { participantIds: [bob.id], participantType: "user" });
  });
});

describe("removing members and leaving", () => {
  it("the removed user's inbox gets group_remove, the remaining members' inboxes member_remove", async () => {
    const {
      admin,
      members: [bob, carol],
    } = (await team("Bob", "Carol")) as any;
    const chatId = await createGroup(admin, [bob, carol]);
    const [aliceBox, bobBox, carolBox] = await Promise.all([inbox(admin), inbox(bob), inbox(carol)]);
    const r = await members(admin, chatId, "DELETE", [bob.id]);
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({
      chatId,
      systemNotificationData: { removedMemberIds: [bob.id], removedBy: admin.id },
      notificationData: { removedParticipantIds: [bob.id] },
    });
    expect(await bobBox.next((f) => f.type === "group_remove")).toEqual({ type: "group_remove", chatId, reason: "removed" });
    for (const box of [aliceBox, carolBox])
      expect(await box.next((f) => f.type === "member_remove")).toEqual({ type: "member_remove", chatId, participantIds: [bob.id] });
    expect(bobBox.frames.filter((f) => f.type === "member_remove")).toEqual([]);
    expect((await chatList(bob)).map((c) => c.id)).not.toContain(chatId);
    expect(await participantIds(admin, chatId)).toEqual([admin.id, carol.id].sort());
    expectError(await members(admin, chatId, "DELETE", [bob.id]), 404, "Member not found");
  });

  it("removing the VIRE turns an agent group back into a human group", async () => {
    const {
      admin,
      members: [bob],
    } = (await team("Bob")) as any;
    const vire = await addVire(admin);
    const chatId = await createGroup(admin, [bob], [vire]);
    expect((await members(admin, chatId, "DELETE", [vire], "virtual_employee")).status).toBe(200);
    expect((await call(`/api/chats/${chatId}`, { token: admin.token })).json.data).toMatchObject({ chatType: "human_group", agentCount: 0 });
  });

  it("a member leaves: their inbox gets group_remove 'left', the others member_remove; the owner cannot leave or remove themselves", async () => {
    const {
      admin,
      members: [bob, carol],
    } = (await team("Bob", "Carol")) as any;
    const chatId = await createGroup(admin, [bob, carol]);
    const [aliceBox, bobBox] = await Promise.all([inbox(admin), inbox(bob)]);
    expect((await call(`/api/group-chats/${chatId}/leave`, { token: bob.token, body: {} })).status).toBe(200);
    expect(await bobBox.next((f) => f.type === "group_remove")).toEqual({ type: "group_remove", chatId, reason: "left" });
    expect(await aliceBox.next((f) => f.type === "member_remove")).toEqual({ type: "member_remove", chatId, participantIds: [bob.id] });
    expect(await upgradeStatus(`/api/chats/${chatId}/ws`, bob.token)).toBe(404);
    expectError(await call(`/api/group-chats/${chatId}/leave`, { token: bob.token, body: {} }), 404);

    expectError(await call(`/api/group-chats/${chatId}/leave`, { token: admin.token, body: {} }), 400);
    expectError(await members(admin, chatId, "DELETE", [admin.id]), 400);
    expectError(await members(admin, chatId, "DELETE", [carol.id, admin.id]), 400);
    expect(await participantIds(admin, chatId)).toEqual([admin.id, carol.id].sort());
  });
});

describe("GET /api/chats/{chatId}/availableJoinMember", () => {
  it("lists the organization's members (not me) and the owner's VIREs, flagging who is already in", async () => {
    const {
      admin,
      members: [bob, carol],
      orgId,
    } = (await team("Bob", "Carol")) as any;
    const vire = await addVire(admin, "Vera");
    const chatId = await createGroup(admin, [bob]);
    const r = await call(`/api/chats/${chatId}/availableJoinMember`, { token: admin.token });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ success: true, chatInfo: { organizationId: orgId }, availableMembers: { externalFriends: [] } });
    const people = r.json.data.availableMembers.organizationMembers;
    expect(people.map((p: any) => [p.id, p.isParticipant]).sort()).toEqual(
      [
        [bob.id, true],
        [carol.id, false],
      ].sort(),
    );
    expect(people.find((p: any) => p.id === carol.id)).toMatchObject({ name: "Carol", email: carol.email, type: "user", category: "organization" });
    expect(r.json.data.availableMembers.virtualEmployees).toEqual([
      expect.objectContaining({ id: vire, name: "Vera", isParticipant: false, type: "virtual_employee", category: "virtual" }),
    ]);
    await members(admin, chatId, "POST", [carol.id]);
    const again = await call(`/api/chats/${chatId}/availableJoinMember`, { token: bob.token });
    const flags = again.json.data.availableMembers.organizationMembers.map((p: any) => [p.id, p.isParticipant]).sort();
    expect(flags).toEqual(
      [
        [admin.id, true],
        [carol.id, true],
      ].sort(),
    );
  });
});
