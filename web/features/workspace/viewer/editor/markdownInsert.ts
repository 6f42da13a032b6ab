// What the markdown hover menu inserts (spec 03 §2.3), as CodeMirror transactions on the current
// selection: one transaction each, marked as typing, so Undo takes an insertion back in one step.
import { EditorSelection, type EditorState, type TransactionSpec } from "@codemirror/state";

export type MarkdownInsertion = "link" | "codeBlock" | "table" | "list";

/** The words put where the user is expected to type next, in the page's language. */
export interface MarkdownPlaceholders {
  linkText: string;
  url: string;
  column: string;
  cell: string;
}

const INPUT = { userEvent: "input", scrollIntoView: true } as const;

/** A block (table, fence) needs its own lines with a blank line before and after it. */
function blockAround(state: EditorState, from: number, to: number): { before: string; after: string } {
  const doc = state.doc;
  const first = doc.lineAt(from);
  const last = doc.lineAt(to);
  const previousBlank = first.number === 1 || doc.line(first.number - 1).text.trim() === "";
  const nextBlank = last.number === doc.lines || doc.line(last.number + 1).text.trim() === "";
  const textBefore = doc.sliceString(first.from, from).trim() !== "";
  const textAfter = doc.sliceString(to, last.to).trim() !== "";
  const before = textBefore ? "\n\n" : from === first.from && !previousBlank ? "\n" : "";
  const after = textAfter ? "\n\n" : to === last.to && !nextBlank ? "\n" : "";
  return { before, after };
}

/** Replaces `from..to` with `text` and selects `text[selectFrom, selectTo)` of what was inserted. */
function replaceAndSelect(from: number, to: number, text: string, selectFrom: number, selectTo: number): TransactionSpec {
  return {
    changes: { from, to, insert: text },
    selection: EditorSelection.single(from + selectFrom, from + selectTo),
    ...INPUT,
  };
}

/** `[selection](url)` with "url" selected, or `[link text](url)` with the text selected. */
export function insertLink(state: EditorState, words: MarkdownPlaceholders): TransactionSpec {
  const { from, to } = state.selection.main;
  const chosen = state.sliceDoc(from, to);
  const label = chosen || words.linkText;
  const text = `[${label}](${words.url})`;
  return chosen
    ? replaceAndSelect(from, to, text, label.length + 3, label.length + 3 + words.url.length)
    : replaceAndSelect(from, to, text, 1, 1 + label.length);
}

/** A fence around the selected lines, or an empty fence with the cursor inside. */
export function insertCodeBlock(state: EditorState): TransactionSpec {
  const { from, to } = state.selection.main;
  const chosen = state.sliceDoc(from, to);
  const { before, after } = blockAround(state, from, to);
  const open = `${before}\`\`\`\n`;
  const text = `${open}${chosen}\n\`\`\`${after}`;
  return replaceAndSelect(from, to, text, open.length, open.length + chosen.length);
}

/** A two-column table after the selection, its first header cell selected. */
export function insertTable(state: EditorState, words: MarkdownPlaceholders): TransactionSpec {
  const at = state.selection.main.to;
  const { before, after } = blockAround(state, at, at);
  const headers = [`${words.column} 1`, `${words.column} 2`];
  const cells = [`${words.cell} 1`, `${words.cell} 2`];
  const width = Math.max(3, ...headers.map((h) => h.length), ...cells.map((c) => c.length));
  const row = (values: string[]) => `| ${values.map((v) => v.padEnd(width)).join(" | ")} |`;
  const rule = row(headers.map(() => "-".repeat(width)));
  const text = `${before}${[row(headers), rule, row(cells)].join("\n")}${after}`;
  const start = before.length + 2;
  return replaceAndSelect(at, at, text, start, start + headers[0]!.length);
}

const LIST_MARK = /^(\s*)([-*+]|\d+[.)])\s/;

/**
 * Makes every line the selection touches a list item ("- "); when all of them already are, the
 * marks come off again, so the button works as a toggle.
 */
export function insertList(state: EditorState): TransactionSpec {
  const { from, to } = state.selection.main;
  const doc = state.doc;
  const lines = [];
  for (let n = doc.lineAt(from).number; n <= doc.lineAt(to).number; n += 1) lines.push(doc.line(n));
  const listed = lines.every((line) => LIST_MARK.test(line.text));
  const changes = lines.map((line) => {
    if (!listed) {
      const indent = /^\s*/.exec(line.text)![0].length;
      return { from: line.from + indent, insert: "- " };
    }
    const match = LIST_MARK.exec(line.text)!;
    return { from: line.from + match[1]!.length, to: line.from + match[0].length };
  });
  const changeSet = state.changes(changes);
  return { changes: changeSet, selection: state.selection.map(changeSet, 1), ...INPUT };
}

/** Characters that would end a markdown link destination or its text early. */
const escapeLabel = (text: string) => text.replace(/[[\]\\]/g, "\\$&");
const escapeUrl = (url: string) => url.replace(/[\s()<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);

/** `![name](url)`, as the image upload inserts it. */
export function imageMarkdown(fileName: string, url: string): string {
  const dot = fileName.lastIndexOf(".");
  const name = dot > 0 ? fileName.slice(0, dot) : fileName;
  return `![${escapeLabel(name)}](${escapeUrl(url)})`;
}

/** The uploaded image at the cursor (replacing a selection), the cursor after it. */
export function insertImage(state: EditorState, fileName: string, url: string): TransactionSpec {
  const { from, to } = state.selection.main;
  const text = imageMarkdown(fileName, url);
  return replaceAndSelect(from, to, text, text.length, text.length);
}

export function insertMarkdown(state: EditorState, what: MarkdownInsertion, words: MarkdownPlaceholders): TransactionSpec {
  if (what === "link") return insertLink(state, words);
  if (what === "codeBlock") return insertCodeBlock(state);
  if (what === "table") return insertTable(state, words);
  return insertList(state);
}
