/**
 * The summary's mind map (spec §3 `mind`: a markdown outline) as a Mermaid `mindmap`. Mermaid
 * reads node shapes and icons from brackets, `::icon(…)` and `:::class` in a label, so every label
 * goes inside a quoted shape, `["…"]`, with the characters that could end it or start markup
 * replaced by look-alikes or dropped: the outline comes from a model that read a stranger's file.
 */

interface OutlineNode {
  label: string;
  depth: number;
}

/** Longest label kept; a mind map node with a paragraph in it helps nobody. */
export const MINDMAP_LABEL_MAX = 120;
/** Nodes drawn at most; Mermaid's layout slows down badly beyond a few hundred. */
export const MINDMAP_NODE_MAX = 300;

/** Markdown emphasis, code and links reduced to their text. */
function plainText(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/`+/g, "")
    .replace(/(\*\*|__|\*|_|~~)(.+?)\1/g, "$2");
}

/** A label safe inside `["…"]`: no quote, bracket, backtick, markup start or line break survives. */
export function mindmapLabel(text: string): string {
  const cleaned = plainText(text)
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .replace(/"/g, "\u201d")
    .replace(
      /[[\]{}()<>]/g,
      (ch) => ({ "[": "\u27e6", "]": "\u27e7", "{": "\u2774", "}": "\u2775", "(": "\u207d", ")": "\u207e", "<": "\u2039", ">": "\u203a" })[ch]!,
    )
    .replace(/[`#;%]/g, " ")
    .replace(/::+/g, ":")
    .replace(/\s+/g, " ")
    .trim();
  return cleaned.length > MINDMAP_LABEL_MAX ? `${cleaned.slice(0, MINDMAP_LABEL_MAX - 1)}\u2026` : cleaned;
}

/** Headings (`#` … `######`) and list items (`-`, `*`, `+`, `1.`) with their nesting; other lines are text of neither. */
export function parseOutline(markdown: string): OutlineNode[] {
  const nodes: OutlineNode[] = [];
  let headingDepth = 0;
  for (const raw of markdown.replace(/\r\n?/g, "\n").split("\n")) {
    if (!raw.trim()) continue;
    const heading = /^\s{0,3}(#{1,6})\s+(.*)$/.exec(raw);
    if (heading) {
      headingDepth = heading[1]!.length;
      nodes.push({ label: heading[2]!.replace(/\s#+\s*$/, ""), depth: headingDepth });
      continue;
    }
    const item = /^(\s*)(?:[-*+]|\d+[.)])\s+(.*)$/.exec(raw);
    if (item) {
      const indent = item[1]!.replace(/\t/g, "  ").length;
      nodes.push({ label: item[2]!, depth: headingDepth + 1 + Math.floor(indent / 2) });
    }
  }
  return nodes;
}

/**
 * The outline as Mermaid text, or null when it has nothing to draw. One root: the outline's only
 * top node, else `title` (the summary's title) above all of them. Depth jumps (a `###` right under
 * the root) are evened out, since Mermaid nests by indentation.
 */
export function outlineToMermaid(markdown: string, title: string): string | null {
  const nodes = parseOutline(markdown)
    .map((node) => ({ ...node, label: mindmapLabel(node.label) }))
    .filter((node) => node.label)
    .slice(0, MINDMAP_NODE_MAX);
  if (nodes.length === 0) return null;
  const top = Math.min(...nodes.map((n) => n.depth));
  const single = nodes.filter((n) => n.depth === top).length === 1 && nodes[0]!.depth === top;
  const rootLabel = single ? nodes[0]!.label : mindmapLabel(title) || "\u2026";
  const rest = single ? nodes.slice(1) : nodes;

  const lines = ["mindmap", `  root["${rootLabel}"]`];
  // The nesting level each outline depth was drawn at, so a child sits exactly one level below its parent.
  const stack: { depth: number; level: number }[] = [];
  for (const node of rest) {
    while (stack.length && stack[stack.length - 1]!.depth >= node.depth) stack.pop();
    const level = stack.length ? stack[stack.length - 1]!.level + 1 : 1;
    stack.push({ depth: node.depth, level });
    lines.push(`${"  ".repeat(level + 1)}n${lines.length}["${node.label}"]`);
  }
  return lines.join("\n");
}
