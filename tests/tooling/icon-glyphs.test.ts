// Icons are SVGs from web/ui/icons.tsx. An emoji, dingbat or arrow character used as an icon
// renders as an empty box on a system without an emoji or symbol font, and a screen reader may
// read it out ("black right-pointing triangle"), so the web code must not use them: this scans
// every TSX, TS and CSS file under web/ (the i18n texts aside) and names each file:line that does.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const web = join(root, "web");

/**
 * Arrows, math and technical symbols, box drawing, geometric shapes, miscellaneous symbols,
 * dingbats and more arrows (U+2190–U+2BFF), the emoji planes, the emoji presentation selector,
 * and the multiplication sign and bullet when they stand alone (a close "×", a "•" marker) rather
 * than inside a word or number ("1×1").
 */
const ICON_GLYPH = /[\u2190-\u2BFF\u{1F000}-\u{1FFFF}\uFE0F]|(?<![\p{L}\p{N}])[×•](?![\p{L}\p{N}])/u;

/** Files that may keep a glyph, each with the reason. Paths are relative to the repository. */
const ALLOWED: Record<string, string> = {};

const VOCABULARY = "web/ui/icons.tsx";

/** Files that may import lucide directly for now, each with the reason. */
const LUCIDE_ALLOWED: Record<string, string> = {};

/** Blanks comments, keeping line breaks so line numbers stay right; `://` in URLs is not a comment. */
export function stripComments(source: string): string {
  const blank = (text: string) => text.replace(/[^\n]/g, " ");
  return source.replace(/\/\*[\s\S]*?\*\//g, blank).replace(/(^|[^:\\])\/\/[^\n]*/g, (_all, before: string) => before);
}

/** `line: text` for every line of `source` that uses an icon glyph outside comments. */
export function glyphLines(source: string): string[] {
  return stripComments(source)
    .split("\n")
    .flatMap((line, index) => (ICON_GLYPH.test(line) ? [`${index + 1}: ${line.trim()}`] : []));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "i18n" ? [] : sourceFiles(path);
    return /\.(tsx|ts|css)$/.test(entry.name) ? [path] : [];
  });
}

describe("icons in web/", () => {
  it("are SVG icons, never emoji, dingbat or arrow characters", () => {
    const files = sourceFiles(web);
    expect(files.length).toBeGreaterThan(50);
    const found = files
      .map((path) => relative(root, path))
      .filter((file) => !ALLOWED[file])
      .flatMap((file) => glyphLines(readFileSync(join(root, file), "utf8")).map((line) => `${file}:${line}`));
    expect(found, "use an icon from web/ui/icons.tsx instead of these characters").toEqual([]);
  });

  it("come from web/ui/icons.tsx, which names each lucide icon it uses (never the whole set or its dynamic loader)", () => {
    const files = sourceFiles(web).map((path) => relative(root, path));
    const source = (file: string) => stripComments(readFileSync(join(root, file), "utf8"));
    const direct = files.filter(
      (file) => file !== VOCABULARY && !LUCIDE_ALLOWED[file] && /from\s*["']lucide-react|import\(\s*["']lucide-react/.test(source(file)),
    );
    expect(direct, "import icons from web/ui/icons.tsx").toEqual([]);
    expect(source(VOCABULARY)).not.toMatch(/\*\s*as\s+\w+\s+from\s*["']lucide-react|\*\s*from\s*["']lucide-react|lucide-react\/dynamic/);
  });
});

describe("the glyph scan", () => {
  it("finds icon characters in JSX, strings and CSS content", () => {
    expect(glyphLines('<span aria-hidden>👍</span>\n<b>ok</b>\n  content: "✓";')).toEqual(["1: <span aria-hidden>👍</span>", '3: content: "✓";']);
    expect(glyphLines('const MARK = { open: "▾" };')).toHaveLength(1);
    expect(glyphLines("<span aria-hidden>×</span>")).toHaveLength(1);
    expect(glyphLines("{ok && <i>•</i>}")).toHaveLength(1);
  });

  it("leaves comments, words and numbers alone", () => {
    expect(glyphLines("// send → ack\n/* a → b\n ✓ */\nconst size = `1×1`; // ✓")).toEqual([]);
    expect(glyphLines('const url = "https://example.com"; // → there')).toEqual([]);
    expect(glyphLines("{/* ▸ collapsed */}<p>Loading…</p>")).toEqual([]);
  });
});
