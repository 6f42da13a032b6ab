// 'Open First Reference in Side Preview' (spec 03 §2.3): the first place in a text that names a
// file of the project — a markdown link or image (`[x](../lib/a.ts)`), or a path written out
// (`src/app.ts`, `./util.ts:12`) — resolved against the file the text is in.

export interface FileReferenceTarget {
  /** Relative to the project root, without `./`. */
  path: string;
  /** 1-based, when the reference names one (`src/a.ts:12`, `#L12`). */
  line: number | null;
}

interface Candidate {
  raw: string;
  line: number | null;
  /** Markdown destinations resolve against the file's folder; a written-out path may also mean the root. */
  markdown: boolean;
}

const MARKDOWN_LINK = /!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)]*)?\)/g;
/** `dir/file.ext`, `./x`, `../x`, `file.ext`, optionally `:line`; not inside a URL or an e-mail address. */
const WRITTEN_PATH = /(?<![\w@/.:-])((?:\.{1,2}\/)*(?:[\w@.+-]+\/)*[\w+-][\w.+-]*\.[A-Za-z]\w{0,9})(?::(\d+))?(?![\w/])/g;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

function markdownCandidate(destination: string): Candidate | null {
  if (SCHEME.test(destination) || destination.startsWith("#") || destination.startsWith("//")) return null;
  const hash = destination.indexOf("#");
  const fragment = hash >= 0 ? destination.slice(hash + 1) : "";
  const bare = (hash >= 0 ? destination.slice(0, hash) : destination).split("?")[0]!;
  if (!bare) return null;
  let raw: string;
  try {
    raw = decodeURIComponent(bare);
  } catch {
    raw = bare;
  }
  const line = /^L(\d+)/.exec(fragment);
  return { raw, line: line ? Number(line[1]) : null, markdown: true };
}

/** Every reference in the order it appears in the text. */
function candidates(text: string): Candidate[] {
  const found: { at: number; candidate: Candidate }[] = [];
  const covered: [number, number][] = [];
  for (const match of text.matchAll(MARKDOWN_LINK)) {
    covered.push([match.index, match.index + match[0].length]);
    const candidate = markdownCandidate(match[1]!);
    if (candidate) found.push({ at: match.index, candidate });
  }
  for (const match of text.matchAll(WRITTEN_PATH)) {
    if (covered.some(([from, to]) => match.index >= from && match.index < to)) continue;
    found.push({ at: match.index, candidate: { raw: match[1]!, line: match[2] ? Number(match[2]) : null, markdown: false } });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.candidate);
}

/** `base/../x` → `x`; null when the path leaves the project. */
export function joinProjectPath(folder: string, relative: string): string | null {
  const parts = relative.startsWith("/") ? [] : folder.split("/").filter(Boolean);
  for (const part of relative.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.length ? parts.join("/") : null;
}

function folderOf(filePath: string): string {
  const clean = filePath.replace(/^(\.\/|\/)+/, "");
  const slash = clean.lastIndexOf("/");
  return slash >= 0 ? clean.slice(0, slash) : "";
}

/** Where a reference may point: next to the file first, then from the project root. */
function resolutions(candidate: Candidate, currentFile: string): string[] {
  const here = joinProjectPath(folderOf(currentFile), candidate.raw);
  const explicit = candidate.markdown || candidate.raw.startsWith("./") || candidate.raw.startsWith("../") || candidate.raw.startsWith("/");
  const fromRoot = explicit ? null : joinProjectPath("", candidate.raw);
  return [here, fromRoot].filter((p, i, all): p is string => p !== null && all.indexOf(p) === i);
}

/**
 * The first reference to a project file in `text`, other than the file itself. With the project's
 * file list, only paths that exist count; without it (not loaded, or cut short) the first path that
 * stays inside the project is taken, and the preview says if it is missing.
 */
export function findFirstReference(text: string, currentFile: string, files: ReadonlySet<string> | null): FileReferenceTarget | null {
  const self = currentFile.replace(/^(\.\/|\/)+/, "");
  let fallback: FileReferenceTarget | null = null;
  for (const candidate of candidates(text)) {
    for (const path of resolutions(candidate, currentFile)) {
      if (path === self) continue;
      if (files?.has(path)) return { path, line: candidate.line };
      // A lone word with a dot ("e.g", "index.ts") is too weak a guess without the list to check it.
      if (candidate.markdown || candidate.raw.includes("/")) fallback ??= { path, line: candidate.line };
    }
  }
  return files ? null : fallback;
}
