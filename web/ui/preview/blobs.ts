// Blob URLs are of the app's origin: whatever a blob renders as a document runs with the app's
// rights. So every blob made here carries a passive type chosen by the viewer, never the file's
// own, and active formats (HTML, SVG) are only ever shown inside a frame without scripts.
import { baseType, RASTER_TYPES, type PreviewKind } from "./kinds";

/** Types a top-level tab may render from a blob: images, media, PDF and plain text run nothing. */
function passiveType(kind: PreviewKind, mimeType: string | null | undefined): string | null {
  const type = baseType(mimeType);
  if (kind === "image") return RASTER_TYPES.has(type) ? type : "image/png";
  if (kind === "video") return type.startsWith("video/") ? type : "video/mp4";
  if (kind === "audio") return type.startsWith("audio/") ? type : "audio/mpeg";
  if (kind === "pdf") return "application/pdf";
  if (kind === "text" || kind === "csv") return "text/plain;charset=utf-8";
  return null;
}

/** The bytes retyped for an element of the viewer (`<img>`, `<video>`, the PDF frame). */
export function typedBlob(blob: Blob, type: string): Blob {
  return blob.type === type ? blob : new Blob([blob], { type });
}

export function viewerBlob(kind: PreviewKind, blob: Blob, mimeType?: string | null): Blob {
  if (kind === "svg") return typedBlob(blob, "image/svg+xml"); // only ever used as an <img> source
  const type = passiveType(kind, mimeType);
  return type ? typedBlob(blob, type) : blob;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A page that shows active content without running it: a frame sandboxed without scripts or
 * same-origin rights, under a policy that forbids scripts, for a second wall.
 */
function inertPage(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="script-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'"><title>${escapeHtml(title)}</title><style>html,body{margin:0;height:100%;background:#fff}iframe{border:0;width:100%;height:100%;display:block}img{display:block;margin:24px auto;max-width:calc(100% - 48px)}</style></head><body>${body}</body></html>`;
}

export function inertHtmlPage(title: string, html: string): string {
  return inertPage(title, `<iframe sandbox="" title="${escapeHtml(title)}" srcdoc="${escapeHtml(html)}"></iframe>`);
}

export function inertImagePage(title: string, imageUrl: string): string {
  return inertPage(title, `<img alt="${escapeHtml(title)}" src="${escapeHtml(imageUrl)}">`);
}

/** Opens a blob in a new tab; the URL lives a minute, long enough for the tab to read it. */
export function openBlobInNewTab(blob: Blob): void {
  const url = URL.createObjectURL(blob);
  window.open(url, "_blank", "noopener");
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * What 'Open in new tab' shows for a kind, or null where a tab would only download the file
 * (office documents) or nothing was loaded. HTML and SVG open inside an inert page.
 */
export async function newTabBlob(kind: PreviewKind, name: string, blob: Blob, mimeType?: string | null): Promise<Blob | null> {
  if (kind === "html") return new Blob([inertHtmlPage(name, await blob.text())], { type: "text/html" });
  if (kind === "svg") {
    const data = `data:image/svg+xml;base64,${await base64Of(blob)}`;
    return new Blob([inertImagePage(name, data)], { type: "text/html" });
  }
  const type = passiveType(kind, mimeType);
  return type ? typedBlob(blob, type) : null;
}

async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Asks the browser to save what `url` holds under `name`, through a link it clicks and drops. */
export function saveFromUrl(url: string, name: string): void {
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.rel = "noopener";
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** Saves bytes under a name, as a download. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  saveFromUrl(url, name);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
