import { describe, expect, it } from "vitest";
import { insertMention, matchFiles, matchPeople, mentionAt, type MentionPerson } from "../../../../web/features/chat/model/mentionQuery";

const people: MentionPerson[] = [
  { id: "u_ben", name: "Ben Stone", agent: false },
  { id: "u_abe", name: "Abe", agent: false },
  { id: "v_ava", name: "Ava", agent: true },
  { id: "u_sara", name: "Sara Benson", agent: false },
];
const names = (list: MentionPerson[]) => list.map((p) => p.name);

describe("which @ the caret is in", () => {
  it("opens after @ at the start or after a space, with what follows as the query", () => {
    expect(mentionAt("@", 1)).toEqual({ kind: "people", start: 0, end: 1, query: "" });
    expect(mentionAt("hi @be", 6)).toEqual({ kind: "people", start: 3, end: 6, query: "be" });
    expect(mentionAt("hi @Ben St", 10)?.query).toBe("Ben St");
  });

  it("ignores an @ inside a word (an e-mail address), after a newline, or behind the caret's word", () => {
    expect(mentionAt("mail bob@example", 16)).toBeNull();
    expect(mentionAt("@ben\nnext", 9)).toBeNull();
    expect(mentionAt("@  two spaces", 13)).toBeNull();
  });

  it("reads @file: as a file query that ends at a space", () => {
    expect(mentionAt("see @file:src/ap", 16)).toEqual({ kind: "file", start: 4, end: 16, query: "src/ap" });
    expect(mentionAt("see @FILE:", 10)?.kind).toBe("file");
    expect(mentionAt("see @file:src/app.ts now", 24)).toBeNull();
  });
});

describe("people who match", () => {
  it("puts names that start with the query first, then a word of the name, then anywhere", () => {
    expect(names(matchPeople(people, "be", false))).toEqual(["Ben Stone", "Sara Benson", "Abe"]);
    expect(names(matchPeople(people, "", false))).toEqual(["Abe", "Ava", "Ben Stone", "Sara Benson"]);
  });

  it("offers @all in a group while the query could still be all, everyone or here", () => {
    expect(matchPeople(people, "ev", true).at(-1)).toMatchObject({ everyone: true, name: "all" });
    expect(matchPeople(people, "ev", false).some((p) => p.everyone)).toBe(false);
    expect(matchPeople(people, "ben", true).some((p) => p.everyone)).toBe(false);
  });

  it("a query with a space matches only names that start with it, so '@Ben thanks' is plain text", () => {
    expect(names(matchPeople(people, "ben s", true))).toEqual(["Ben Stone"]);
    expect(matchPeople(people, "ben thanks", true)).toEqual([]);
  });
});

describe("files that match", () => {
  const paths = ["src/app.ts", "src/components/AppShell.tsx", "docs/mapping.md", "README.md"];

  it("puts file names that start with the query before paths that contain it", () => {
    expect(matchFiles(paths, "app")).toEqual(["src/app.ts", "src/components/AppShell.tsx", "docs/mapping.md"]);
    expect(matchFiles(paths, "zzz")).toEqual([]);
  });
});

describe("choosing an option", () => {
  it("replaces the typed query with @Name and a space, keeping the text after the caret", () => {
    const at = mentionAt("hi @be and more", 6)!;
    expect(insertMention("hi @be and more", at, "Ben Stone")).toEqual({ text: "hi @Ben Stone and more", caret: 14 });
    const file = mentionAt("@file:ap", 8)!;
    expect(insertMention("@file:ap", file, "file:src/app.ts")).toEqual({ text: "@file:src/app.ts ", caret: 17 });
  });
});
