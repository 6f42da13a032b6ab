import { CODING_TEXTS } from "../../../../../contract";

export type CodingTextKey = keyof typeof CODING_TEXTS;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Each room text as a pattern whose {placeholders} capture what the room filled in. */
const PATTERNS = (Object.entries(CODING_TEXTS) as [CodingTextKey, string][]).map(([key, template]) => {
  const names: string[] = [];
  const source = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return escape(part);
      names.push(name);
      return "([\\s\\S]*?)";
    })
    .join("");
  return { key, names, pattern: new RegExp(`^${source}$`) };
});

/** Which coding-agent text the room sent (and its filled-in values), or null for any other text. */
export function matchCodingText(text: string): { key: CodingTextKey; values: Record<string, string> } | null {
  for (const { key, names, pattern } of PATTERNS) {
    const match = pattern.exec(text);
    if (match) return { key, values: Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? ""])) };
  }
  return null;
}

/** A text the room sent for the coding agent, in the reader's language; other texts as sent. */
export function codingText(t: (key: string, vars?: Record<string, unknown>) => string, text: string): string {
  const known = matchCodingText(text);
  // A text the contract gained before the translations did still reads, in English.
  return known ? t(`agent.coding.server.${known.key}`, { ...known.values, defaultValue: text }) : text;
}
