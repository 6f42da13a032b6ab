import { beforeAll, describe, expect, it } from "vitest";
import { call, inviteCodeOf, setPlanInDb, signUp, type TestUser } from "../helpers";
import { createGroup, team } from "../chat-helpers";
import { found, messageHits, post, shard } from "./search-helpers";

/**
 * Who finds what. Organization A: Alice (admin, professional plan), Bob and Carol. Organization B:
 * Dave, with Erin, who also joined A. Every message carries the word "kumquat".
 */
interface Grid {
  alice: TestUser;
  bob: TestUser;
  carol: TestUser;
  dave: TestUser;
  erin: TestUser;
  stranger: TestUser;
  orgA: string;
  ids: Record<string, string>;
  dissolved: string;
}

let g: Grid;

async function members(chatId: string, owner: TestUser, method: "POST" | "DELETE", who: TestUser) {
  const r = await call(`/api/group-chats/${chatId}/participants`, { method, token: owner.token, body: { participantIds: [who.id], participantType: "user" } });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
}

beforeAll(async () => {
  const {
    admin: alice,
    members: [bob, carol],
    orgId: orgA,
  } = await team("Bob", "Carol");
  await setPlanInDb(alice.id, true, "professional");
  const {
    admin: dave,
    members: [erin],
    orgId: orgB,
  } = await team("Erin");
  const stranger = await signUp("Sam Stranger");
  // Erin works in B and was also invited into A.
  expect((await call("/api/organizations/join", { token: erin!.token, body: { inviteCode: await inviteCodeOf(alice, orgA) } })).status).toBe(200);
  expect(orgB).not.toBe(orgA);

  const everyone = await createGroup(alice, [bob!, carol!, erin!], [], "Everyone");
  const [shared] = await post(everyone, alice, ["kumquat shared with everyone"]);
  // Carol's ask-only question is hers alone.
  const [ask] = await post(everyone, carol!, ["kumquat carol asks privately"], 2);

  const left = await createGroup(alice, [bob!], [], "Bob leaves");
  const [beforeLeaving] = await post(left, alice, ["kumquat before bob left"]);
  expect((await call(`/api/group-chats/${left}/leave`, { method: "POST", token: bob!.token })).status).toBe(200);
  const [afterLeaving] = await post(left, alice, ["kumquat after bob left"]);

  const removed = await createGroup(alice, [bob!, carol!], [], "Bob removed");
  const [beforeRemoval] = await post(removed, alice, ["kumquat before bob was removed"]);
  await members(removed, alice, "DELETE", bob!);

  const dissolved = await createGroup(alice, [bob!], [], "Dissolved soon");
  await post(dissolved, alice, ["kumquat in a dissolved group", "kumquat second dissolved line"]);
  expect((await call(`/api/group-chats/${dissolved}`, { method: "DELETE", token: alice.token })).status).toBe(200);

  const other = await createGroup(dave, [erin!], [], "Org B room");
  const [inB] = await post(other, dave, ["kumquat over in organization B"]);

  g = {
    alice,
    bob: bob!,
    carol: carol!,
    dave,
    erin: erin!,
    stranger,
    orgA,
    dissolved,
    ids: { shared: shared!, ask: ask!, beforeLeaving: beforeLeaving!, afterLeaving: afterLeaving!, beforeRemoval: beforeRemoval!, inB: inB! },
  };
}, 60_000);

const named = (ids: string[]) => ids.map((id) => Object.entries(g.ids).find(([, v]) => v === id)?.[0] ?? id);

describe("who finds which message", () => {
  it("each person finds exactly the messages of the chats they are in now, newest first", async () => {
    expect(named(await messageHits(g.alice, "kumquat"))).toEqual(["beforeRemoval", "afterLeaving", "beforeLeaving", "shared"]);
    // Bob left one group and was removed from another: nothing of either, before or after.
    expect(named(await messageHits(g.bob, "kumquat"))).toEqual(["shared"]);
    // Newer matches in chats Bob is not in do not take his page: membership is part of the query, not a filter after the limit.
    expect(named(await messageHits(g.bob, "kumquat", { limit: 1 }))).toEqual(["shared"]);
    // Only Carol finds her ask-only question.
    expect(named(await messageHits(g.carol, "kumquat"))).toEqual(["beforeRemoval", "ask", "shared"]);
    expect(named(await messageHits(g.dave, "kumquat"))).toEqual(["inB"]);
    // Erin is in chats of both organizations: both shards answer, merged newest first.
    expect(named(await messageHits(g.erin, "kumquat"))).toEqual(["inB", "shared"]);
    expect(await messageHits(g.stranger, "kumquat")).toEqual([]);
  });

  it("best-match order keeps the same boundaries", async () => {
    expect(named(await messageHits(g.bob, "kumquat", { sort: "best" }))).toEqual(["shared"]);
    expect(new Set(named(await messageHits(g.erin, "kumquat", { sort: "best" })))).toEqual(new Set(["inB", "shared"]));
  });

  it("another user's ask-only message never shows, not in its text nor in any field", async () => {
    for (const u of [g.alice, g.bob, g.erin]) {
      const answer = await found(u, { query: "privately" });
      expect(answer.messages).toEqual([]);
      expect(JSON.stringify(answer)).not.toContain("carol asks");
    }
  });

  it("a dissolved group's messages are gone, from search and from the shard's storage", async () => {
    for (const u of [g.alice, g.bob]) expect(await messageHits(u, "dissolved")).toEqual([]);
    // Even asked directly with the chat in the membership list, the shard holds nothing of it.
    const hits = await shard(g.orgA).search({
      match: '"dissolved"',
      terms: [["dissolved"]],
      chatIds: [g.dissolved],
      userId: g.alice.id,
      sort: "newest",
      limit: 10,
      after: null,
    });
    expect(hits).toEqual([]);
    const status = await shard(g.orgA).status();
    // shared, ask, the two of the left group and the one of the removed group.
    expect(status.messages).toBe(5);
  });

  it("groups and contacts: only one's own chats and the people one may see", async () => {
    const bob = await found(g.bob, { query: "Bob" });
    expect(bob.groups.map((c: any) => c.name)).toEqual([]);
    const alice = await found(g.alice, { query: "Bob" });
    expect(alice.groups.map((c: any) => c.name).sort()).toEqual(["Bob leaves", "Bob removed"]);
    expect(alice.contacts.map((c: any) => c.id)).toEqual([g.bob.id]);
    // Dave (organization B) neither sees A's groups nor A's people.
    const dave = await found(g.dave, { query: "Bob" });
    expect([...dave.groups, ...dave.contacts]).toEqual([]);
    expect((await found(g.stranger, { query: "Everyone" })).groups).toEqual([]);
    expect((await found(g.erin, { query: "Everyone" })).groups.map((c: any) => c.id)).toHaveLength(1);
  });
});
