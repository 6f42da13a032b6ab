import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { notify } from "../../../worker/notifications";
import { call, expectError, expectJsonBodyChecks, expectSignedOutRefused, signUp, type TestUser } from "../helpers";
import { addVire, createGroup, inbox, team } from "../chat-helpers";

async function list(u: TestUser, q = ""): Promise<any> {
  const r = await call(`/api/notifications${q}`, { token: u.token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data;
}

async function customFor(u: TestUser, title = "Deploy approval"): Promise<string> {
  const stored = await notify(env, [u.id], {
    type: "custom",
    payload: {},
    title,
    content: "Approve the release?",
    actions: [
      { id: "approve", type: "approve", label: "Approve", variant: "primary", apiEndpoint: "/api/presenter-requests/preq_x", payload: { decision: "approve" } },
      { id: "reject", type: "reject", label: "Reject", variant: "danger", method: "DELETE", apiEndpoint: "/api/presenter-requests/preq_x" },
    ],
  });
  return stored.get(u.id)!.id;
}

describe("system notifications of group events", () => {
  it("a dissolve reaches every other member as a stored notification and a live inbox frame", async () => {
    const { admin, members } = await team("Bob", "Carol");
    const chatId = await createGroup(admin, members, [], "Moonbase");
    const boxes = await Promise.all(members.map(inbox));
    expect((await call(`/api/group-chats/${chatId}`, { method: "DELETE", token: admin.token })).status).toBe(200);
    for (const [i, m] of members.entries()) {
      const frame = await boxes[i]!.next((f) => f.type === "system_notification");
      expect(frame.notification).toMatchObject({
        type: "dissolve_group",
        priority: "normal",
        read: false,
        data: { chatId, chatName: "Moonbase", actorId: admin.id, actorName: "Alice Owner" },
        content: "Alice Owner dissolved the group Moonbase.",
      });
      const page = await list(m);
      expect(page.unreadCount).toBe(1);
      expect(page.notifications.map((n: any) => [n.id, n.type])).toEqual([[frame.notification.id, "dissolve_group"]]);
    }
    // The dissolver did it themselves: nothing to tell them.
    expect((await list(admin)).notifications).toEqual([]);
  });

  it("adding people tells them they joined; removing tells the removed; VIREs get nothing", async () => {
    const { admin, members } = await team("Bob", "Carol");
    const [bob, carol] = members as [TestUser, TestUser];
    const chatId = await createGroup(admin, [bob], [], "Garden");
    const added = await call(`/api/group-chats/${chatId}/participants`, { token: admin.token, body: { participantIds: [carol.id], participantType: "user" } });
    expect(added.status).toBe(200);
    expect((await list(carol)).notifications).toMatchObject([{ type: "direct_group_join", data: { chatId, chatName: "Garden", actorName: "Alice Owner" } }]);
    const vire = await addVire(admin);
    await call(`/api/group-chats/${chatId}/participants`, { token: admin.token, body: { participantIds: [vire], participantType: "virtual_employee" } });
    const removed = await call(`/api/group-chats/${chatId}/participants`, {
      method: "DELETE",
      token: admin.token,
      body: { participantIds: [bob.id, vire], participantType: "user" },
    });
    expect(removed.status, JSON.stringify(removed.json)).toBe(200);
    expect((await list(bob)).notifications.map((n: any) => n.type)).toEqual(["remove_from_group"]);
    expect((await list(carol)).notifications.map((n: any) => n.type)).toEqual(["direct_group_join"]);
  });
});

describe("GET /api/notifications", () => {
  it("lists the caller's own notifications newest first, in pages", async () => {
    const me = await signUp("Pia Pager");
    const other = await signUp("Otto Other");
    for (let i = 0; i < 5; i++) await customFor(me, `Note ${i}`);
    await customFor(other, "Not yours");
    const first = await list(me, "?limit=2");
    expect(first.notifications.map((n: any) => n.title)).toEqual(["Note 4", "Note 3"]);
    expect(first).toMatchObject({ unreadCount: 5, hasMore: true });
    const second = await list(me, `?limit=2&before=${encodeURIComponent(first.nextCursor)}`);
    expect(second.notifications.map((n: any) => n.title)).toEqual(["Note 2", "Note 1"]);
    const third = await list(me, `?limit=2&before=${encodeURIComponent(second.nextCursor)}`);
    expect(third).toMatchObject({ hasMore: false, nextCursor: null });
    expect(third.notifications.map((n: any) => n.title)).toEqual(["Note 0"]);
    expectError(await call("/api/notifications?limit=0", { token: me.token }), 400);
    expectError(await call("/api/notifications?limit=51", { token: me.token }), 400);
    await expectSignedOutRefused("/api/notifications");
  });
});

describe("POST /api/notifications/{id}/read and /action", () => {
  it("marks read, records an action's outcome once, and shows it in the list", async () => {
    const me = await signUp("Rita Reader");
    const id = await customFor(me);
    const before = (await list(me)).notifications[0];
    expect(before).toMatchObject({ requiresConfirmation: true, actionStatus: null, actionRecord: null });
    expect(before.actions).toMatchObject([
      { id: "approve", method: "POST", payload: { decision: "approve" } },
      { id: "reject", method: "DELETE", payload: {} },
    ]);
    const read = await call(`/api/notifications/${id}/read`, { token: me.token, body: {} });
    expect(read.json.data).toEqual({ id, unreadCount: 0 });
    const acted = await call(`/api/notifications/${id}/action`, {
      token: me.token,
      body: { status: "rejected", actionLabel: "Reject", responseMessage: "Not today" },
    });
    expect(acted.status, JSON.stringify(acted.json)).toBe(200);
    expect(acted.json.data.notification).toMatchObject({
      actionStatus: "rejected",
      actionRecord: { actionType: "rejected", actionLabel: "Reject", operatorName: "Rita Reader", responseMessage: "Not today" },
    });
    expectError(
      await call(`/api/notifications/${id}/action`, { token: me.token, body: { status: "approved" } }),
      409,
      "This notification has already been handled",
    );
    expect((await list(me)).notifications[0]).toMatchObject({ actionStatus: "rejected", read: true });
    expectError(await call(`/api/notifications/${id}/action`, { token: me.token, body: { status: "hacked" } }), 400);
    await expectJsonBodyChecks(`/api/notifications/${id}/action`, "POST", me.token, { status: "approved" });
  });

  it("someone else's notification is not found: it can be neither read nor acted on", async () => {
    const owner = await signUp("Nora Owner");
    const snoop = await signUp("Sid Snoop");
    const id = await customFor(owner);
    expectError(await call(`/api/notifications/${id}/read`, { token: snoop.token, body: {} }), 404, "Notification not found");
    expectError(await call(`/api/notifications/${id}/action`, { token: snoop.token, body: { status: "approved" } }), 404, "Notification not found");
    expect((await list(snoop)).notifications).toEqual([]);
    expect((await list(owner)).notifications[0]).toMatchObject({ id, read: false, actionStatus: null });
    await expectSignedOutRefused(`/api/notifications/${id}/read`, "POST", {});
  });

  it("read-all clears the badge of the caller only", async () => {
    const me = await signUp("Abe All");
    const other = await signUp("Ola Other");
    await customFor(me);
    await customFor(me);
    await customFor(other);
    expect((await call("/api/notifications/read-all", { token: me.token, body: {} })).json.data).toEqual({ unreadCount: 0 });
    expect((await list(other)).unreadCount).toBe(1);
  });
});
