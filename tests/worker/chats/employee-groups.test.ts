import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, expectError, expectSignedOutRefused, orgOf, signUp, type TestUser } from "../helpers";
import { addVire, chatList, createGroup, team } from "../chat-helpers";

/** `POST /api/group-chats` in spec 03 §7.3's shape, as the coding-session flow sends it. */
function employeeGroup(user: TestUser, employeeIds: string[], forceNew: boolean, organizationId?: string) {
  return call("/api/group-chats", { token: user.token, body: { name: "Coding Session", employeeIds, forceNew, organizationId } });
}

async function openedId(r: Awaited<ReturnType<typeof employeeGroup>>): Promise<string> {
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data.groupChat.id as string;
}

describe("POST /api/group-chats with employeeIds and forceNew", () => {
  it("forceNew true always opens a new group of me and the employee; both show in my list", async () => {
    const { admin, orgId } = await team();
    const vire = await addVire(admin, "Coder");
    const first = await employeeGroup(admin, [vire], true, orgId);
    const second = await employeeGroup(admin, [vire], true, orgId);
    const [a, b] = [await openedId(first), await openedId(second)];
    expect(a).not.toBe(b);
    expect(first.json.data.groupChat).toMatchObject({ name: "Coding Session", chatType: "single_group", organizationId: orgId, chatOwnerId: admin.id });
    expect(first.json.data.groupChat.participants.map((p: any) => p.id).sort()).toEqual([admin.id, vire].sort());
    expect((await chatList(admin)).map((c) => c.id)).toEqual(expect.arrayContaining([a, b]));
  });

  it("forceNew false reuses my group of exactly those participants, and opens one when there is none", async () => {
    const { admin, members } = await team("Bob");
    const vire = await addVire(admin, "Coder");
    // A group with Bob in it as well is not "exactly those participants".
    const withBob = await createGroup(admin, members, [vire]);
    const opened = await openedId(await employeeGroup(admin, [vire], false));
    expect(opened).not.toBe(withBob);
    expect(await openedId(await employeeGroup(admin, [vire], false))).toBe(opened);
    expect(await openedId(await employeeGroup(admin, [vire], true))).not.toBe(opened);
    expect((await chatList(admin)).filter((c) => c.chatOwnerId === admin.id)).toHaveLength(3);
  });

  it("refuses someone else's employee, my employee of another organization and another organization's id", async () => {
    const { admin, orgId } = await team();
    const outsider = await signUp("Olga Outsider");
    const otherOrg = await orgOf(outsider);
    expectError(await employeeGroup(admin, [await addVire(outsider, "Theirs")], true), 404, "Virtual employee not found");
    // A VIRE of mine made while I worked in another organization stays there.
    const elsewhere = await addVire(admin, "Elsewhere");
    await env.DB.prepare("UPDATE virtual_employee SET org_id = ? WHERE id = ?").bind(otherOrg, elsewhere).run();
    expectError(await employeeGroup(admin, [elsewhere], true), 403, "You can only add members of your current organization");
    const mine = await addVire(admin, "Mine");
    expectError(await employeeGroup(admin, [mine], true, otherOrg), 403, "You can only add members of your current organization");
    expect(await chatList(admin)).toEqual([]);
    expect(await openedId(await employeeGroup(admin, [mine], true, orgId))).toEqual(expect.any(String));
  });

  it("refuses bad bodies with the field's text", async () => {
    const { admin } = await team();
    const vire = await addVire(admin);
    expectError(await employeeGroup(admin, [], true), 400, "Please select at least one member");
    expectError(await employeeGroup(admin, [vire, await addVire(admin, "Two")], true), 400, "Each group can only select up to 1 virtual employee");
    expectError(
      await call("/api/group-chats", { token: admin.token, body: { name: "X", employeeIds: [vire], forceNew: "yes" } }),
      400,
      "forceNew must be true or false",
    );
    expectError(await call("/api/group-chats", { token: admin.token, body: { name: " ", employeeIds: [vire] } }), 400, "Please enter group name to continue");
    await expectSignedOutRefused("/api/group-chats", "POST", { name: "X", employeeIds: [vire], forceNew: true });
  });

  it("the free plan's group limit applies to new groups; reusing one is still allowed", async () => {
    const { admin } = await team();
    const vire = await addVire(admin);
    for (let i = 0; i < 3; i += 1) await openedId(await employeeGroup(admin, [vire], true));
    const fourth = await employeeGroup(admin, [vire], true);
    expectError(fourth, 403);
    expect(fourth.json.message).toMatch(/^Group limit reached/);
    expect(await chatList(admin)).toHaveLength(3);
    const reused = await openedId(await employeeGroup(admin, [vire], false));
    expect((await chatList(admin)).map((c) => c.id)).toContain(reused);
  });
});
