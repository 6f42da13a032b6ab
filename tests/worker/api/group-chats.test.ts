import { describe, expect, it } from "vitest";
import { call, devUser, expectError, expectJsonBodyChecks, expectSignedOutRefused, signUp } from "../helpers";
import { addVire, chatList, connect, createGroup, createGroupCall, flushMirror, inbox, send, team, upgradeStatus } from "../chat-helpers";

describe("POST /api/group-chats", () => {
  it("creates a human group: the owner and members are in it, with roles, and it shows in everybody's list", async () => {
    const { admin, members, orgId } = await team("Bob", "Carol");
    const bobInbox = await inbox(members[0]!);
    const r = await createGroupCall(admin, members, [], "  Launch Crew  ");
    expect(r.status).toBe(200);
    const g = r.json.data.groupChat;
    expect(g).toMatchObject({
      name: "Launch Crew",
      type: "group",
      chatType: "human_group",
      is_group: true,
      organizationId: orgId,
      chatOwnerId: admin.id,
      chatOwnerName: "Alice Owner",
      agentCount: 0,
      has_agent: false,
      status: "active",
      lastMessage: null,
      unread: { total: 0, agent: 0, human: 0 },
    });
    const byId = (x: any[]) => [...x].sort((p, q) => String(p[0]).localeCompare(String(q[0])));
    expect(byId(g.participants.map((p: any) => [p.id, p.cpRole, p.isCurrentUser]))).toEqual(
      byId([
        [admin.id, "owner", true],
        [members[0]!.id, "member", false],
        [members[1]!.id, "member", false],
      ]),
    );
    for (const u of [admin, ...members]) expect((await chatList(u)).map((c) => c.id)).toContain(g.id);
    const added = await bobInbox.next((f) => f.type === "group_add");
    expect(added.chat).toMatchObject({ id: g.id, name: "Launch Crew", unread: { total: 0 } });
    expect(added.chat.participants.find((p: any) => p.isCurrentUser).id).toBe(members[0]!.id);
  });

  it("a group with a virtual employee is an agent group", async () => {
    const { admin, members } = await team("Bob");
    const vire = await addVire(admin, "Vera");
    const g = (await createGroupCall(admin, members, [vire])).json.data.groupChat;
    expect(g).toMatchObject({ chatType: "single_group", agentCount: 1, has_agent: true });
    expect(g.participants.find((p: any) => p.id === vire)).toMatchObject({ type: "virtual_employee", isAI: true, name: "Vera" });
  });

  it("refuses more than one virtual employee, someone else's VIRE, an empty selection and bad names", async () => {
    const { admin, members } = await team("Bob");
    const [v1, v2] = [await addVire(admin, "One"), await addVire(admin, "Two")];
    expectError(await createGroupCall(admin, [], [v1, v2]), 400, "Each group can only select up to 1 virtual employee");
    expectError(await createGroupCall(admin, members, [await addVire(members[0]!, "Bob's")]), 404);
    expectError(await call("/api/group-chats", { token: admin.token, body: { name: "X", participants: [] } }), 400, "Please select at least one member");
    expectError(
      await call("/api/group-chats", { token: admin.token, body: { name: "X", participants: [{ id: admin.id, type: "user" }] } }),
      400,
      "Please select at least one member",
    );
    expectError(
      await call("/api/group-chats", { token: admin.token, body: { name: "   ", participants: [{ id: members[0]!.id, type: "user" }] } }),
      400,
      "Please enter group name to continue",
    );
    expectError(
      await call("/api/group-chats", { token: admin.token, body: { name: "x".repeat(101), participants: [{ id: members[0]!.id, type: "user" }] } }),
      400,
    );
    expect(await chatList(admin)).toEqual([]);
    await expectJsonBodyChecks("/api/group-chats", "POST", admin.token, { name: "X", participants: [{ id: members[0]!.id, type: "user" }] });
  });

  it("refuses a member of another organization with 403 and creates nothing", async () => {
    const { admin } = await team();
    const outsider = await signUp("Olga Outsider");
    expectError(await createGroupCall(admin, [outsider]), 403, /organization/);
    expect(await chatList(admin)).toEqual([]);
    expect(await chatList(outsider)).toEqual([]);
  });

  it("a free user owns at most 3 groups; a developer's plan change lifts the limit", async () => {
    const { admin, members } = await team("Bob");
    for (let i = 0; i < 3; i += 1) await createGroup(admin, members, [], `G${i}`);
    const fourth = await createGroupCall(admin, members, [], "G3");
    expectError(fourth, 403);
    expect(fourth.json.message).toMatch(/^Group limit reached/);
    expect(await chatList(admin)).toHaveLength(3);
    // Groups others own do not count against Bob.
    await createGroup(members[0]!, [admin], [], "Bob's own");

    const dev = await devUser();
    const set = await call(`/api/dev/users/${admin.id}/membership`, { method: "PUT", token: dev.token, body: { memberPlan: "professional" } });
    expect(set.status).toBe(200);
    for (let i = 3; i < 6; i += 1) await createGroup(admin, members, [], `G${i}`);
    expect((await chatList(admin)).filter((c) => c.chatOwnerId === admin.id)).toHaveLength(6);
  });

  it("refuses without a session", async () => {
    await expectSignedOutRefused("/api/group-chats");
    await expectSignedOutRefused("/api/group-chats", "POST", { name: "X", participants: [] });
  });
});

describe("GET /api/group-chats", () => {
  it("lists the chats of the current organization, newest activity first", async () => {
    const { admin, members } = await team("Bob");
    const older = await createGroup(admin, members, [], "Older");
    const newer = await createGroup(admin, members, [], "Newer");
    expect((await chatList(members[0]!)).map((c) => c.name)).toEqual(["Newer", "Older"]);
    const a = await connect(older, admin);
    await send(a, "bump");
    await flushMirror(older, 1);
    expect((await chatList(members[0]!)).map((c) => c.id)).toEqual([older, newer]);
  });
});

describe("PUT /api/group-chats/{chatId}", () => {
  it("renames for the owner and tells every member's inbox", async () => {
    const { admin, members } = await team("Bob");
    const chatId = await createGroup(admin, members);
    const box = await inbox(members[0]!);
    const r = await call(`/api/group-chats/${chatId}`, { method: "PUT", token: admin.token, body: { name: "New Name" } });
    expect(r.json.data.chat).toMatchObject({ id: chatId, name: "New Name" });
    expect(await box.next((f) => f.type === "chat_updated")).toEqual({ type: "chat_updated", chatId, name: "New Name" });
    expect((await chatList(members[0]!))[0].name).toBe("New Name");
    expectError(
      await call(`/api/group-chats/${chatId}`, { method: "PUT", token: admin.token, body: { name: "  " } }),
      400,
      "Please enter group name to continue",
    );
  });
});

describe("DELETE /api/group-chats/{chatId} (dissolve)", () => {
  it("dissolves a human group: members' inboxes hear it, the chat is gone everywhere", async () => {
    const { admin, members } = await team("Bob", "Carol");
    const chatId = await createGroup(admin, members);
    const boxes = await Promise.all([admin, ...members].map(inbox));
    const r = await call(`/api/group-chats/${chatId}`, { method: "DELETE", token: admin.token });
    expect(r.status).toBe(200);
    const sorted = (ids: string[]) => [...ids].sort();
    expect(r.json.data.systemNotificationData).toMatchObject({ chatName: "Team Room", dissolverId: admin.id });
    expect(sorted(r.json.data.systemNotificationData.realUsers)).toEqual(sorted(members.map((m) => m.id)));
    expect(r.json.data.notificationData).toMatchObject({ deletedBy: admin.id, action: "dissolve_group" });
    expect(sorted(r.json.data.notificationData.allMembers)).toEqual(sorted([admin.id, ...members.map((m) => m.id)]));
    for (const box of boxes) expect(await box.next((f) => f.type === "group_remove")).toEqual({ type: "group_remove", chatId, reason: "dissolved" });
    for (const u of [admin, ...members]) {
      expect((await chatList(u)).map((c) => c.id)).not.toContain(chatId);
      expectError(await call(`/api/chats/${chatId}`, { token: u.token }), 404);
    }
    expect(await upgradeStatus(`/api/chats/${chatId}/ws`, admin.token)).toBe(404);
  });

  it("refuses the owner's last agent group with 409 and keeps it; human groups still dissolve", async () => {
    const { admin, members } = await team("Bob");
    const vire = await addVire(admin);
    const first = await createGroup(admin, members, [vire], "Agents 1");
    const human = await createGroup(admin, members, [], "Humans");
    const b = await connect(first, members[0]!);
    const refused = await call(`/api/group-chats/${first}`, { method: "DELETE", token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toMatch(/last agent group/i);
    expect((await call(`/api/chats/${first}`, { token: admin.token })).status).toBe(200);
    expect(await send(b, "still open")).toMatchObject({ success: true, seq: 1 });
    expect((await call(`/api/group-chats/${human}`, { method: "DELETE", token: admin.token })).status).toBe(200);
  });

  it("the last-agent-group refusal carries the code LAST_AGENT_GROUP the client acts on", async () => {
    const { admin, members } = await team("Bob");
    const only = await createGroup(admin, members, [await addVire(admin)], "Agents");
    const refused = await call(`/api/group-chats/${only}`, { method: "DELETE", token: admin.token });
    expect(refused.status).toBe(409);
    // docs/chat-api.md: 409 with `data.code = "LAST_AGENT_GROUP"`; spec 02 §7/§8: the failure code LAST_AGENT_GROUP.
    expect(refused.json.data).toMatchObject({ code: "LAST_AGENT_GROUP" });
  });

  it("with a second agent group the first can be dissolved, but then not the last one", async () => {
    const { admin, members } = await team("Bob");
    const vire = await addVire(admin);
    const first = await createGroup(admin, members, [vire], "Agents 1");
    const second = await createGroup(admin, members, [vire], "Agents 2");
    expect((await call(`/api/group-chats/${first}`, { method: "DELETE", token: admin.token })).status).toBe(200);
    expect((await call(`/api/group-chats/${second}`, { method: "DELETE", token: admin.token })).status).toBe(409);
  });
});
