import { beforeAll, describe, expect, it } from "vitest";
import { SEARCH_LIMIT } from "../../../contract";
import { expectError, expectSignedOutRefused, type TestUser } from "../helpers";
import { createGroup, openPrivate, team } from "../chat-helpers";
import { found, messageHits, post, search } from "./search-helpers";

let alice: TestUser;
let bob: TestUser;
let all: string[];

beforeAll(async () => {
  const t = await team("Bob Pager");
  alice = t.admin;
  bob = t.members[0]!;
  const first = await createGroup(alice, [bob], [], "First room");
  const second = await createGroup(alice, [bob], [], "Second room");
  // Sent one after the other, so their order is known: newest first is the reverse.
  const a = await post(first, alice, ["walrus one", "walrus two", "walrus three walrus walrus"]);
  const b = await post(second, bob, ["walrus four", "walrus five"]);
  const c = await post(first, bob, ["walrus six", "walrus seven"]);
  all = [...a, ...b, ...c].reverse();
}, 60_000);

/** Every page of a search, following nextCursor. */
async function pages(user: TestUser, params: Record<string, string | number>): Promise<string[][]> {
  const out: string[][] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 20; i += 1) {
    const answer: any = await found(user, { ...params, ...(cursor ? { cursor } : {}) });
    out.push(answer.messages.map((m: any) => m.id));
    cursor = answer.nextCursor;
    if (!cursor) return out;
  }
  throw new Error("paging does not end");
}

describe("paging through messages with the cursor", () => {
  it("newest first, page by page, each message exactly once across chats", async () => {
    const got = await pages(alice, { query: "walrus", type: "messages", limit: 3 });
    expect(got.map((p) => p.length)).toEqual([3, 3, 1]);
    expect(got.flat()).toEqual(all);
  });

  it("best match first, page by page, each message exactly once", async () => {
    const got = await pages(bob, { query: "walrus", type: "messages", limit: 2, sort: "best" });
    expect(got.flat()).toHaveLength(all.length);
    expect(new Set(got.flat())).toEqual(new Set(all));
    // The message that says it three times ranks first.
    expect(got[0]![0]).toBe(all[4]);
  });

  it("a full last page says there is no next one", async () => {
    const answer = await found(alice, { query: "walrus", type: "messages", limit: all.length });
    expect(answer.messages).toHaveLength(all.length);
    expect(answer.nextCursor).toBeNull();
  });

  it("the All tab's cursor pages the messages alone", async () => {
    const first = await found(alice, { query: "walrus", limit: 2 });
    expect(first.messages).toHaveLength(2);
    const next = await found(alice, { query: "walrus", limit: 2, cursor: first.nextCursor });
    expect(next.messages.map((m: any) => m.id)).toEqual(all.slice(2, 4));
    expect(next.contacts).toEqual([]);
    expect(next.groups).toEqual([]);
  });

  it("refuses a cursor that is not one, or one of the other sort order", async () => {
    expectError(await search(alice, { query: "walrus", cursor: "not-a-cursor" }), 400, "Invalid cursor");
    expectError(await search(alice, { query: "walrus", cursor: btoa('{"s":"newest","k":-1,"i":"x"}') }), 400, "Invalid cursor");
    const newest = await found(alice, { query: "walrus", type: "messages", limit: 1 });
    expectError(await search(alice, { query: "walrus", type: "messages", sort: "best", cursor: newest.nextCursor }), 400, "Invalid cursor");
  });
});

describe("limits and validation", () => {
  it("refuses the signed-out", async () => {
    await expectSignedOutRefused("/api/search?query=walrus");
  });

  it("an empty or missing query is refused with the contract's text", async () => {
    for (const params of [{ query: "" }, { query: "    " }, {}] as Record<string, string>[])
      expectError(await search(alice, params), 400, "Search text is required");
  });

  it("limit: at most 50, at least 1, a whole number; 50 when left out", async () => {
    for (const limit of [SEARCH_LIMIT + 1, 0, -1, 2.5, "many"]) expectError(await search(alice, { query: "walrus", limit }), 400);
    expect((await found(alice, { query: "walrus", limit: SEARCH_LIMIT })).messages).toHaveLength(all.length);
    expect(await messageHits(alice, "walrus")).toHaveLength(all.length);
    expect(await messageHits(alice, "walrus", { limit: 1 })).toHaveLength(1);
  });

  it("type and sort take only their values", async () => {
    expectError(await search(alice, { query: "walrus", type: "files" }), 400);
    expectError(await search(alice, { query: "walrus", sort: "oldest" }), 400);
  });
});

describe("contacts and chats", () => {
  it("a tab asks for its kind only; All leads with people and chats, then messages", async () => {
    const contacts = await found(alice, { query: "Pager", type: "contacts" });
    expect(contacts.contacts.map((c: any) => c.id)).toEqual([bob.id]);
    expect([...contacts.messages, ...contacts.groups]).toEqual([]);
    const everything = await found(alice, { query: "room" });
    expect(everything.groups.map((g: any) => g.name).sort()).toEqual(["First room", "Second room"]);
    expect(everything.all.map((r: any) => r.type)).toEqual(["group", "group"]);
    expect(everything.total).toBe(2);
  });

  it("a contact result says its kind, e-mail and the private chat to open once there is one", async () => {
    const [before] = (await found(alice, { query: "bob pager", type: "contacts" })).contacts;
    expect(before).toMatchObject({
      type: "contact",
      id: bob.id,
      chatId: null,
      name: "Bob Pager",
      highlightedName: "<mark>Bob</mark> <mark>Pager</mark>",
      metadata: { email: bob.email, contactType: "human" },
    });
    const opened = await openPrivate(alice, bob.id);
    expect(opened.status).toBe(200);
    const [after] = (await found(alice, { query: "bob pager", type: "contacts" })).contacts;
    expect(after.chatId).toBe(opened.json.data.chatId);
    // The private chat is found by the other party's name, as each side sees it.
    const chats = await found(bob, { query: "Alice", type: "groups" });
    expect(chats.groups).toMatchObject([{ type: "private_chat", id: opened.json.data.chatId, name: "Alice Owner", participants: 2 }]);
  });
});
