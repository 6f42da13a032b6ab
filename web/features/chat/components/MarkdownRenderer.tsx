import { memo, useMemo, type ReactNode } from "react";
import { MarkdownImage, markdownComponents, remarkGfm, SafeMarkdown } from "../../../ui/SafeMarkdown";
import { CodeBlock } from "./CodeBlock";
import { MarkdownLink } from "./MarkdownLink";
import { remarkMermaidFences } from "./mermaid/remarkMermaid";

interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
  data?: Record<string, unknown>;
}

/** `@word` not preceded by a letter or digit (so e-mail addresses are not mentions). */
const MENTION = /(^|[^\p{L}\p{N}_])@([\p{L}\p{N}_][\p{L}\p{N}_.-]*)/gu;

function splitMentions(value: string, isMention: (word: string) => boolean): MdNode[] | null {
  const parts: MdNode[] = [];
  let last = 0;
  for (const match of value.matchAll(MENTION)) {
    const word = match[2]!.replace(/[.-]+$/, "");
    if (!isMention(word)) continue;
    const start = match.index + match[1]!.length;
    if (start > last) parts.push({ type: "text", value: value.slice(last, start) });
    parts.push({ type: "text", value: `@${word}`, data: { hName: "span", hProperties: { className: ["mention"] } } });
    last = start + 1 + word.length;
  }
  if (parts.length === 0) return null;
  if (last < value.length) parts.push({ type: "text", value: value.slice(last) });
  return parts;
}

/** A remark plugin wrapping @mentions in `span.mention`; code and links are left alone. */
function remarkMentions(isMention: (word: string) => boolean) {
  const walk = (node: MdNode) => {
    if (!node.children || node.type === "link" || node.type === "linkReference") return;
    const next: MdNode[] = [];
    for (const child of node.children) {
      const split = child.type === "text" && child.value ? splitMentions(child.value, isMention) : null;
      if (split) next.push(...split);
      else {
        walk(child);
        next.push(child);
      }
    }
    node.children = next;
  };
  return () => (tree: MdNode) => walk(tree);
}

/**
 * Mentions are written @word and matched to participant names, case-insensitive (spec 02 §5): a
 * word matches a name with its spaces removed or the name's first word. Without names every @word
 * counts.
 */
export function mentionMatcher(names: readonly string[]): (word: string) => boolean {
  if (names.length === 0) return () => true;
  const known = new Set<string>();
  for (const name of names) {
    const lower = name.trim().toLowerCase();
    if (!lower) continue;
    known.add(lower.replace(/\s+/g, ""));
    known.add(lower.split(/\s+/)[0]!);
  }
  return (word) => known.has(word.toLowerCase());
}

const COMPONENTS = markdownComponents({
  a: MarkdownLink,
  pre: ({ node, children }) => <CodeBlock node={node}>{children as ReactNode}</CodeBlock>,
  table: ({ node: _node, ...props }) => (
    <div className="md__table-wrap">
      <table {...props} />
    </div>
  ),
  img: (props) => <MarkdownImage {...props} className="md__image" />,
});

export interface MarkdownProps {
  text: string;
  /** Participant names, to highlight @mentions of them. */
  names?: readonly string[];
}

/**
 * Message markdown (spec 02 §2.15): GFM tables, lists, quotes, code blocks with a language label,
 * mermaid diagrams, and links checked before they are live (file links open the preview).
 */
export const MarkdownRenderer = memo(function MarkdownRenderer({ text, names = [] }: MarkdownProps) {
  const key = names.join("\u0000");
  // `key` stands in for `names`, which callers rebuild on every render.
  const plugins = useMemo(() => [remarkGfm, remarkMermaidFences, remarkMentions(mentionMatcher(key ? key.split("\u0000") : []))], [key]);
  return <SafeMarkdown text={text} className="md" plugins={plugins} components={COMPONENTS} />;
});
