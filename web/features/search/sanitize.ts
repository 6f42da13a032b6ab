/**
 * Makes a search highlight safe to render as HTML. The server already escapes everything but
 * `<mark>`; this is the second fence in case it ever does not. Everything is escaped, then exactly
 * `<mark>` and `</mark>` (no attributes, no other spelling) are let back in, balanced.
 * Well-formed character references stay as they are: they render as text, never as markup.
 */
const ENTITY = /^&(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/i;

function escapeText(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (char === "&") out += ENTITY.test(text.slice(i, i + 40)) ? "&" : "&amp;";
    else if (char === "<") out += "&lt;";
    else if (char === ">") out += "&gt;";
    else if (char === '"') out += "&quot;";
    else if (char === "'") out += "&#39;";
    else out += char;
  }
  return out;
}

const OPEN = "\u0001";
const CLOSE = "\u0002";

export function sanitizeHighlight(html: string): string {
  // Real tags become markers before escaping, so an escaped "&lt;mark&gt;" the user typed stays text.
  const marked = html
    .replace(/[\u0001\u0002]/g, "")
    .replaceAll("<mark>", OPEN)
    .replaceAll("</mark>", CLOSE);
  let open = false;
  let out = "";
  for (const char of escapeText(marked)) {
    if (char === OPEN) {
      if (!open) out += "<mark>";
      open = true;
    } else if (char === CLOSE) {
      if (open) out += "</mark>";
      open = false;
    } else out += char;
  }
  return open ? `${out}</mark>` : out;
}
