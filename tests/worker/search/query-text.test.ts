import { beforeAll, describe, expect, it } from "vitest";
import { expectError, type TestUser } from "../helpers";
import { createGroup, team } from "../chat-helpers";
import { found, messageHits, post, search } from "./search-helpers";

/** One group of Alice and Bob with messages that look like query syntax, Chinese, emoji and HTML. */
const TEXTS = {
  quoted: 'say "hello" AND goodbye',
  near: "NEAR the river OR the sea",
  column: "content: col filter test",
  star: "wild* card ^caret",
  zh: "部署流程已经更新",
  mixed: "明天 deploy 到生产环境",
  emoji: "party time 🎉🎉 tonight",
  html: '<script>alert(1)</script> scripted & "quoted"',
  accents: "Café naïve résumé",
  long: `${"lorem ipsum dolor sit amet ".repeat(12)}the needle is here ${"consectetur adipiscing ".repeat(6)}`,
};
type Key = keyof typeof TEXTS;

let bob: TestUser;
let ids: Record<Key, string>;
let groupId: string;

beforeAll(async () => {
  const { admin: alice, members } = await team("Bob");
  bob = members[0]!;
  groupId = await createGroup(alice, [bob], [], "<img src=x onerror=alert(1)> Ops");
  const keys = Object.keys(TEXTS) as Key[];
  const sent = await post(
    groupId,
    alice,
    keys.map((k) => TEXTS[k]),
  );
  ids = Object.fromEntries(keys.map((k, i) => [k, sent[i]!])) as Record<Key, string>;
}, 60_000);

/** Which of TEXTS a query finds, by name, in any order. */
async function hits(query: string): Promise<string[]> {
  const found = await messageHits(bob, query);
  return found.map((id) => (Object.keys(ids) as Key[]).find((k) => ids[k] === id) ?? id).sort();
}

describe("what people type is data, never FTS syntax", () => {
  it.each([
    ['"hello"', ["quoted"]],
    ['"hello', ["quoted"]],
    ["hello AND", ["quoted"]],
    // As operators these would find everything but goodbye, or either word; as words, nothing has them all.
    ["NOT goodbye", []],
    ["river OR cake", []],
    ["NEAR(river sea)", ["near"]],
    ["content:col", ["column"]],
    // A column filter would have searched the text column for "col"; as a word, "body" is in no message.
    ["body:col", []],
    ["wild*", ["star"]],
    // No prefix expansion: "wil" is not a word of any message.
    ["wil*", []],
    ["^caret", ["star"]],
    ["🎉", ["emoji"]],
    ["cafe", ["accents"]],
    ["résumé NAIVE", ["accents"]],
  ] as [string, Key[]][])("%s", async (query, expected) => {
    expect(await hits(query)).toEqual([...expected].sort());
  });

  it.each([
    ["NEAR(", ["near"]],
    ['"" OR ""', ["near"]],
    [")))AND(((", ["quoted"]],
  ] as [string, Key[]][])("%s: an operator alone is the word it spells", async (query, expected) => {
    expect(await hits(query)).toEqual(expected);
  });

  it.each(['"', "(((", "*", "^", ":", "-", "😀😀😀"])("%s answers 200 with no message", async (query) => {
    const r = await search(bob, { query, type: "messages" });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data.messages).toEqual([]);
  });

  it("a query of 200 characters is searched; one more is refused with the contract's text", async () => {
    const at200 = `${"needle ".repeat(28)}need`;
    expect(at200).toHaveLength(200);
    expect(await hits(at200)).toEqual([]);
    expect(await hits(`${"needle ".repeat(28)}`.trim())).toEqual(["long"]);
    expectError(await search(bob, { query: `${at200}x` }), 400, "Search text is too long");
  });
});

describe("Chinese and mixed text", () => {
  it.each([
    ["部署", ["zh"]],
    ["流程", ["zh"]],
    ["已经更新", ["zh"]],
    ["生产", ["mixed"]],
    ["deploy 生产", ["mixed"]],
    ["明天deploy", ["mixed"]],
    // Both words must be in one message.
    ["部署 deploy", []],
    // Characters of a word in another order are another word.
    ["署部", []],
  ] as [string, Key[]][])("%s", async (query, expected) => {
    expect(await hits(query)).toEqual([...expected].sort());
  });

  it("marks the Chinese word it found", async () => {
    const [hit] = (await found(bob, { query: "流程", type: "messages" })).messages;
    expect(hit.highlightedContent).toBe("部署<mark>流程</mark>已经更新");
    const [mixed] = (await found(bob, { query: "deploy 生产", type: "messages" })).messages;
    expect(mixed.highlightedContent).toBe("明天 <mark>deploy</mark> 到<mark>生产</mark>环境");
  });
});

describe("highlighting is escaped HTML with only <mark> tags", () => {
  it("escapes a message's markup and marks whole words only", async () => {
    const [hit] = (await found(bob, { query: "script", type: "messages" })).messages;
    expect(hit.content).toBe(TEXTS.html);
    expect(hit.highlightedContent).toBe("&#60;<mark>script</mark>&#62;alert(1)&#60;/<mark>script</mark>&#62; scripted &#38; &#34;quoted&#34;");
    expect(hit.highlightedContent.replace(/<\/?mark>/g, "")).not.toMatch(/[<>"]/);
    // The chat's name is markup too.
    expect(hit.name).toBe("<img src=x onerror=alert(1)> Ops");
    expect(hit.highlightedName).toBe("&#60;img src=x onerror=alert(1)&#62; Ops");
  });

  it("escapes a chat name found by name, marking the typed text", async () => {
    const { groups } = await found(bob, { query: "onerror", type: "groups" });
    expect(groups.map((g: any) => g.id)).toEqual([groupId]);
    expect(groups[0].highlightedName).toBe("&#60;img src=x <mark>onerror</mark>=alert(1)&#62; Ops");
    const typed = await found(bob, { query: "<img", type: "groups" });
    expect(typed.groups[0].highlightedName).toBe("<mark>&#60;img</mark> src=x onerror=alert(1)&#62; Ops");
  });

  it("shows a window of a long message around the match", async () => {
    const [hit] = (await found(bob, { query: "needle", type: "messages" })).messages;
    expect(hit.content.startsWith("…")).toBe(true);
    expect(hit.content.endsWith("…")).toBe(true);
    expect(hit.content.length).toBeLessThan(TEXTS.long.length);
    expect(hit.highlightedContent).toContain("the <mark>needle</mark> is here");
  });
});
