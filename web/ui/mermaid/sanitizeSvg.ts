import createDOMPurify from "dompurify";

// Mermaid in strict mode already encodes labels and purifies its output. This second pass is ours:
// a diagram comes from someone else's message, so beyond running nothing it must not fetch
// anything either (a url() in its styles or a link would tell a stranger who read the message).

/** A url() that points anywhere but inside the diagram (`url(#arrowhead)` stays). */
const OUTSIDE_URL = /url\(\s*(?!['"]?#)[^)]*\)/gi;
const IMPORT = /@import[^;]*;?/gi;

/** The diagram's CSS with every way out of the document removed. */
export function stripExternalCss(css: string): string {
  return css.replace(IMPORT, "").replace(OUTSIDE_URL, "none");
}

let purifier: ReturnType<typeof createDOMPurify> | null = null;

/** Its own instance, so the hooks below never touch another user of DOMPurify (the file preview). */
function svgPurifier() {
  if (purifier) return purifier;
  purifier = createDOMPurify(window);
  purifier.addHook("uponSanitizeElement", (node, data) => {
    if (data.tagName === "style" && node.textContent) node.textContent = stripExternalCss(node.textContent);
  });
  purifier.addHook("afterSanitizeAttributes", (node) => {
    const style = node.getAttribute("style");
    if (style) node.setAttribute("style", stripExternalCss(style));
    // Only references inside the diagram (markers, gradients); no links out, no remote images.
    for (const name of ["href", "xlink:href"]) {
      const value = node.getAttribute(name);
      if (value !== null && !value.trim().startsWith("#")) node.removeAttribute(name);
    }
  });
  return purifier;
}

/** A rendered diagram as SVG markup safe to put in the page: no script, no handler, no link, nothing remote. */
export function sanitizeDiagramSvg(svg: string): string {
  return svgPurifier().sanitize(svg, {
    USE_PROFILES: { svg: true, svgFilters: true, html: true },
    ADD_TAGS: ["foreignObject", "style"],
    ADD_ATTR: ["dominant-baseline"],
    FORBID_TAGS: ["script", "a", "iframe", "object", "embed", "image", "animate", "set", "form", "input", "button", "textarea"],
    HTML_INTEGRATION_POINTS: { foreignobject: true },
  });
}
