import { history, undo } from "@codemirror/commands";
import { EditorSelection, EditorState, type TransactionSpec } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { imageMarkdown, insertCodeBlock, insertImage, insertLink, insertList, insertTable } from "../../../web/features/workspace/viewer/editor/markdownInsert";

const WORDS = { linkText: "link text", url: "url", column: "Column", cell: "Cell" };

/** A document with the selection marked by [ and ] (or a cursor by |). */
function doc(marked: string): EditorState {
  const cursor = marked.indexOf("|");
  const text = marked.replace(/[|[\]]/g, "");
  const selection = cursor >= 0 ? EditorSelection.single(cursor) : EditorSelection.single(marked.indexOf("["), marked.indexOf("]") - 1);
  return EditorState.create({ doc: text, selection, extensions: [history()] });
}

function apply(state: EditorState, spec: TransactionSpec): EditorState {
  return state.update(spec).state;
}

const selected = (state: EditorState) => state.sliceDoc(state.selection.main.from, state.selection.main.to);

describe("markdown hover menu insertions (spec 03 §2.3)", () => {
  it("inserts a table on its own lines, its first header cell selected for typing", () => {
    const state = apply(doc("Intro text|"), insertTable(doc("Intro text|"), WORDS));
    expect(state.doc.toString()).toBe("Intro text\n\n| Column 1 | Column 2 |\n| -------- | -------- |\n| Cell 1   | Cell 2   |");
    expect(selected(state)).toBe("Column 1");
    const inside = apply(doc("a|b"), insertTable(doc("a|b"), WORDS));
    expect(inside.doc.toString()).toBe("a\n\n| Column 1 | Column 2 |\n| -------- | -------- |\n| Cell 1   | Cell 2   |\n\nb");
    const empty = apply(doc("|"), insertTable(doc("|"), WORDS));
    expect(empty.doc.toString().startsWith("| Column 1")).toBe(true);
  });

  it("makes a link of the selection with the url selected, or a placeholder link", () => {
    const wrapped = apply(doc("see [the docs] here"), insertLink(doc("see [the docs] here"), WORDS));
    expect(wrapped.doc.toString()).toBe("see [the docs](url) here");
    expect(selected(wrapped)).toBe("url");
    const fresh = apply(doc("go |"), insertLink(doc("go |"), WORDS));
    expect(fresh.doc.toString()).toBe("go [link text](url)");
    expect(selected(fresh)).toBe("link text");
  });

  it("fences the selected lines, or opens an empty fence with the cursor inside", () => {
    const fenced = apply(doc("text\n[let a = 1;]\nmore"), insertCodeBlock(doc("text\n[let a = 1;]\nmore")));
    expect(fenced.doc.toString()).toBe("text\n\n```\nlet a = 1;\n```\n\nmore");
    expect(selected(fenced)).toBe("let a = 1;");
    const empty = apply(doc("|"), insertCodeBlock(doc("|")));
    expect(empty.doc.toString()).toBe("```\n\n```");
    expect(empty.doc.lineAt(empty.selection.main.head).number).toBe(2);
  });

  it("turns the touched lines into list items, and back again", () => {
    const listed = apply(doc("[one\n  two]\nthree"), insertList(doc("[one\n  two]\nthree")));
    expect(listed.doc.toString()).toBe("- one\n  - two\nthree");
    const back = apply(listed, insertList(listed));
    expect(back.doc.toString()).toBe("one\n  two\nthree");
    const empty = apply(doc("|"), insertList(doc("|")));
    expect(empty.doc.toString()).toBe("- ");
    expect(empty.selection.main.head).toBe(2);
  });

  it("inserts an uploaded image as ![name](url) at the cursor, with a url that cannot break the link", () => {
    const state = apply(doc("Look: |"), insertImage(doc("Look: |"), "screen shot.png", "/api/uploads/images/u1/img_1.png"));
    expect(state.doc.toString()).toBe("Look: ![screen shot](/api/uploads/images/u1/img_1.png)");
    expect(state.selection.main.head).toBe(state.doc.length);
    expect(imageMarkdown("a [b].gif", "/x/(y) z.gif")).toBe("![a \\[b\\]](/x/%28y%29%20z.gif)");
  });

  it("takes back each insertion with one Undo", () => {
    for (const make of [
      (s: EditorState) => insertTable(s, WORDS),
      (s: EditorState) => insertLink(s, WORDS),
      insertCodeBlock,
      insertList,
      (s: EditorState) => insertImage(s, "a.png", "/a.png"),
    ]) {
      const start = doc("Some [words] here");
      let state = apply(start, make(start));
      expect(state.doc.toString()).not.toBe("Some words here");
      undo({ state, dispatch: (tr) => (state = tr.state) });
      expect(state.doc.toString()).toBe("Some words here");
    }
  });
});
