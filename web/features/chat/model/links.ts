// What a link in a message may do. Message text is written by other people and by models, so an
// address is judged before it becomes clickable: only web and mail addresses are live, and a link
// to one of our own files opens the file preview instead of leaving the chat.

/** Spec 02 §9 "Previewable link extensions": documents, data, web pages, common media, archives. */
export const PREVIEWABLE_EXTENSIONS: ReadonlySet<string> = new Set(
  (
    "pdf doc docx xls xlsx ppt pptx txt md csv json xml html htm " +
    "png jpg jpeg gif webp svg bmp ico avif " +
    "mp4 webm mov avi m4v ogv mkv " +
    "mp3 wav ogg oga m4a aac flac opus " +
    "zip rar 7z tar gz"
  ).split(" "),
);

/** Our chat attachment addresses (worker/api/attachments.ts) carry no extension: the link's text names the file. */
const ATTACHMENT_PATH = /^\/api\/chat-attachments\/[^/]+\/attach_[a-f0-9]{32}$/;
/** Query parameters our file endpoints name a file with (e.g. `/api/coding-projects/{id}/file-raw?filePath=`). */
const FILE_PARAMS = ["filePath", "path", "fileName"];

export type LinkTarget =
  /** One of our files: the preview opens it. */
  | { kind: "file"; url: string; name: string }
  /** A page of this app: followed in place. */
  | { kind: "internal"; url: string; path: string }
  /** Another site (new tab, no opener, no referrer) or a mail address. */
  | { kind: "external"; url: string }
  | { kind: "mailto"; url: string }
  /** Anything else (javascript:, data:, vbscript:, file:, blob:, unparsable): shown as plain text. */
  | { kind: "blocked" };

const BLOCKED: LinkTarget = { kind: "blocked" };

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : "";
}

function lastSegment(path: string): string {
  const segment = path.split("/").pop() ?? "";
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const previewable = (name: string) => PREVIEWABLE_EXTENSIONS.has(extensionOf(name));

/** The file a same-origin address stands for, or null for a page or an endpoint that is not a file. */
function fileNameOf(url: URL, linkText: string): string | null {
  const segment = lastSegment(url.pathname);
  if (previewable(segment)) return segment;
  if (!url.pathname.startsWith("/api/")) return null;
  if (ATTACHMENT_PATH.test(url.pathname)) return linkText.trim() && extensionOf(linkText.trim()) ? linkText.trim() : segment;
  for (const param of FILE_PARAMS) {
    const name = lastSegment(url.searchParams.get(param) ?? "");
    if (previewable(name)) return name;
  }
  return null;
}

/**
 * Decides what a markdown link does. `origin` is this page's origin; `linkText` is what the link
 * shows (it names an attachment). Relative addresses resolve against the site root, the same for
 * every page a message is shown on. Another site's files are ordinary links: the browser may not
 * read their bytes (CORS), and many such addresses are pages about a file (a repository's blob view).
 */
export function classifyLink(href: unknown, origin: string, linkText = ""): LinkTarget {
  if (typeof href !== "string" || !href.trim()) return BLOCKED;
  let url: URL;
  try {
    // The URL parser drops tabs and newlines and lower-cases the scheme, as the browser would on a click.
    url = new URL(href.trim(), `${origin}/`);
  } catch {
    return BLOCKED;
  }
  if (url.protocol === "mailto:") return { kind: "mailto", url: url.href };
  if (url.protocol !== "http:" && url.protocol !== "https:") return BLOCKED;
  if (url.username || url.password) return BLOCKED;
  if (url.origin !== origin) return { kind: "external", url: url.href };
  const name = fileNameOf(url, linkText);
  if (name) return { kind: "file", url: `${url.pathname}${url.search}`, name };
  // The API answers data, not pages: it opens in a tab of its own rather than replacing the app.
  if (url.pathname.startsWith("/api/")) return { kind: "external", url: url.href };
  return { kind: "internal", url: url.href, path: `${url.pathname}${url.search}${url.hash}` };
}
