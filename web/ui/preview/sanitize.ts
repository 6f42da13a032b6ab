import createDOMPurify from "dompurify";

/** Links a converted document may keep; anything else (javascript:, data:, relative paths) loses its href. */
const SAFE_LINK = /^(?:https?:|mailto:|#)/i;

let purifier: ReturnType<typeof createDOMPurify> | null = null;

/** Its own DOMPurify instance, so the link hook below never touches another user of the library. */
function documentPurifier() {
  if (purifier) return purifier;
  purifier = createDOMPurify(window);
  purifier.addHook("afterSanitizeAttributes", (node) => {
    // Pictures come from inside the document; a remote one would tell its host who opened the file.
    if (node.tagName === "IMG" && !/^data:image\//i.test(node.getAttribute("src") ?? "")) node.removeAttribute("src");
    if (node.tagName !== "A") return;
    const href = node.getAttribute("href");
    if (href && !SAFE_LINK.test(href.trim())) node.removeAttribute("href");
    if (node.getAttribute("href")?.startsWith("#")) return;
    node.setAttribute("target", "_blank");
    node.setAttribute("rel", "noopener noreferrer");
  });
  return purifier;
}

/**
 * A converted Word document as HTML safe to put in the page: no script, no event handler, no
 * style, no form, no frame; images only from the document itself (data: URIs).
 */
export function sanitizeDocumentHtml(html: string): string {
  return documentPurifier().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select", "iframe", "object", "embed", "link", "meta", "base"],
    FORBID_ATTR: ["style", "srcset", "action", "formaction"],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|#)/i,
    ADD_ATTR: ["target"],
  });
}
