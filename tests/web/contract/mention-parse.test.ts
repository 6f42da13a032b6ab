import { describe, expect, it } from "vitest";
import { MENTION_PREVIEW_CHARS, discussRoomOf, mentionPreview, parseMentions, type MentionCandidate } from "../../../contract";

const ann: MentionCandidate = { id: "u_ann", name: "Ann", username: "ann.k" };
const annaLee: MentionCandidate = { id: "u_anna", name: "Anna Lee", username: "alee" };
const zhang: MentionCandidate = { id: "u_zhang", name: "张三", username: "zhangsan" };
const zhangFeng: MentionCandidate = { id: "u_zsf", name: "张三丰", username: "zsf" };
const bob: MentionCandidate = { id: "u_bob", name: "Bob Stone", username: "bob-s" };
const people = [ann, annaLee, zhang, zhangFeng, bob];

const idsOf = (text: string, list: readonly MentionCandidate[] | null = people) => parseMentions(text, list).ids;
const namesOf = (text: string, list: readonly MentionCandidate[] | null = null) => parseMentions(text, list).matches.map((m) => m.name);

describe("mention-all", () => {
  it.each(["@all", "@ALL please look", "hey @everyone!", "@Here", "(@here)", "ping @EveryOne, thanks"])("%s mentions everyone", (text) => {
    const parsed = parseMentions(text, people);
    expect(parsed.all).toBe(true);
    expect(parsed.ids).toEqual([]);
  });

  it.each(["@alligator", "@allan", "@everyones", "@hereby", "all of you", "here"])("%s does not", (text) => {
    expect(parseMentions(text, people).all).toBe(false);
  });

  it("is found without a participant list too", () => {
    expect(parseMentions("@everyone Standup now", null)).toMatchObject({ all: true, ids: [] });
    // The word after @all is not swallowed into the name, even capitalised.
    expect(namesOf("@all Standup now")).toEqual(["all"]);
  });

  it("still names people mentioned beside it", () => {
    expect(parseMentions("@all and especially @Ann", people)).toMatchObject({ all: true, ids: ["u_ann"] });
  });

  it("loses to a longer participant name that starts with the same word", () => {
    const allStar = { id: "u_star", name: "All Star" };
    expect(parseMentions("@All Star, ship it", [allStar])).toMatchObject({ all: false, ids: ["u_star"] });
    expect(parseMentions("@all, ship it", [allStar])).toMatchObject({ all: true, ids: [] });
  });
});

describe("mentions of known participants", () => {
  it("matches a name or a username, case-insensitive", () => {
    expect(idsOf("@Ann can you check")).toEqual(["u_ann"]);
    expect(idsOf("@ann can you check")).toEqual(["u_ann"]);
    expect(idsOf("@ANN.K can you check")).toEqual(["u_ann"]);
    expect(idsOf("@alee ok?")).toEqual(["u_anna"]);
    expect(idsOf("@bob-s and @BOB STONE")).toEqual(["u_bob"]);
  });

  it("prefers the longest name: @Anna Lee is not @Ann", () => {
    expect(idsOf("@Anna Lee please review")).toEqual(["u_anna"]);
    expect(idsOf("@anna lee")).toEqual(["u_anna"]);
    // "@Anna" alone is neither: not Anna Lee, and Ann is followed by more letters.
    expect(idsOf("@Anna please review")).toEqual([]);
    expect(idsOf("@Ann Lee")).toEqual(["u_ann"]);
  });

  it("reads names with spaces up to the name's end only", () => {
    const parsed = parseMentions("@Bob Stone, meet @Anna Lee.", people);
    expect(parsed.ids).toEqual(["u_bob", "u_anna"]);
    expect(parsed.matches.map((m) => [m.start, m.end, m.name])).toEqual([
      [0, 10, "Bob Stone"],
      [17, 26, "Anna Lee"],
    ]);
  });

  it("matches Chinese names, longest first, even with no space after them", () => {
    expect(idsOf("@张三 你好")).toEqual(["u_zhang"]);
    expect(idsOf("@张三丰 你好")).toEqual(["u_zsf"]);
    expect(idsOf("@张三你好")).toEqual(["u_zhang"]);
    expect(idsOf("请@张三丰看一下")).toEqual(["u_zsf"]);
    expect(idsOf("你好@张三，早")).toEqual(["u_zhang"]);
  });

  it("never overlaps: one @ is one mention", () => {
    const parsed = parseMentions("@Anna Lee", [ann, annaLee, { id: "u_lee", name: "Lee" }]);
    expect(parsed.ids).toEqual(["u_anna"]);
    expect(parsed.matches).toHaveLength(1);
  });

  it("lists each person once, in order of first mention", () => {
    expect(idsOf("@Bob Stone @Ann @bob-s @ann.k @张三")).toEqual(["u_bob", "u_ann", "u_zhang"]);
  });

  it("mentions everyone who shares a name", () => {
    const twins = [
      { id: "u1", name: "Sam" },
      { id: "u2", name: "sam", username: "sam2" },
    ];
    expect(idsOf("@Sam hi", twins)).toEqual(["u1", "u2"]);
    expect(idsOf("@sam2 hi", twins)).toEqual(["u2"]);
  });

  it("ignores strangers, e-mail addresses and a bare @", () => {
    expect(idsOf("@Carol are you there")).toEqual([]);
    expect(idsOf("write to ann@example.com")).toEqual([]);
    expect(idsOf("mail alee@x.org or ann.k@y.org")).toEqual([]);
    expect(idsOf("@ @ @@")).toEqual([]);
    expect(idsOf("")).toEqual([]);
  });

  it("punctuation ends a name; letters, digits, hyphens and underscores do not", () => {
    expect(idsOf("@Ann, @Ann. @Ann! @Ann? @Ann's (@Ann) @Ann:")).toEqual(["u_ann"]);
    expect(parseMentions("@Ann, @Ann. @Ann!", people).matches).toHaveLength(3);
    expect(idsOf("@Ann2 @Ann_x @Ann-x")).toEqual([]);
  });

  it("does not read @file: references as people", () => {
    const file = { id: "u_file", name: "file" };
    expect(idsOf("see @file:src/Ann.ts and @file:docs/@Ann.md", [...people, file])).toEqual([]);
    expect(idsOf("@FILE:readme.md @Ann", [...people, file])).toEqual(["u_ann"]);
    expect(idsOf("@file please", [...people, file])).toEqual(["u_file"]);
  });

  it("an empty list means nobody can be named, while @all still counts", () => {
    expect(parseMentions("@Ann @all", [])).toMatchObject({ all: true, ids: [] });
    expect(parseMentions("@Ann", []).matches).toEqual([]);
  });

  it("skips blank names and usernames", () => {
    expect(idsOf("@ hello", [{ id: "u_blank", name: "  ", username: "" }])).toEqual([]);
  });
});

describe("without a participant list", () => {
  it("takes @ and a word of letters, digits, underscores and hyphens", () => {
    expect(namesOf("hi @bob_s-2, ok")).toEqual(["bob_s-2"]);
    expect(namesOf("@ann please")).toEqual(["ann"]);
  });

  it("takes further capitalised words as one multi-word name", () => {
    expect(namesOf("@Anna Lee please review")).toEqual(["Anna Lee"]);
    expect(namesOf("@Mary Jane Watson, hi")).toEqual(["Mary Jane Watson"]);
  });

  it("takes Chinese names", () => {
    expect(namesOf("@张三 你好")).toEqual(["张三"]);
    expect(namesOf("你好@李四-王 好")).toEqual(["李四-王"]);
  });

  it("finds several, but not e-mail addresses or file references", () => {
    expect(namesOf("@a @b x@y.z @file:c.ts @d")).toEqual(["a", "b", "d"]);
    expect(parseMentions("@a @b", null).ids).toEqual([]);
  });
});

describe("mentionPreview", () => {
  it("keeps short texts on one line", () => {
    expect(mentionPreview("  @Ann\n\nplease   look ")).toBe("@Ann please look");
  });

  it("cuts at 50 characters without splitting one", () => {
    expect(MENTION_PREVIEW_CHARS).toBe(50);
    expect(mentionPreview("x".repeat(80))).toBe("x".repeat(50));
    const emoji = "😀".repeat(60);
    expect(Array.from(mentionPreview(emoji))).toHaveLength(50);
    expect(mentionPreview(emoji)).toBe("😀".repeat(50));
  });
});

describe("discussRoomOf", () => {
  it("is apart from the agent stream's room and any user's ask-only room", () => {
    expect(discussRoomOf("chat_1")).not.toBe("chat_1");
    expect(discussRoomOf("chat_1").startsWith("chat_1")).toBe(true);
  });
});
