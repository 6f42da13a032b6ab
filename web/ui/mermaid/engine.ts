// The diagram engine: Mermaid and the SVG purifier. This module is only ever imported dynamically
// (renderQueue.ts), the first time a diagram is on screen, so neither weighs on any page before.
import mermaid from "mermaid";
import { sanitizeDiagramSvg } from "./sanitizeSvg";
import { svgSize, type RenderOutcome } from "./state";

mermaid.initialize({
  startOnLoad: false,
  // Labels are encoded, click handlers and links in diagrams are off.
  securityLevel: "strict",
  // Labels as SVG text, not HTML in foreignObject: nothing of the label is parsed as HTML, and a PNG can be drawn from it.
  htmlLabels: false,
  flowchart: { htmlLabels: false },
  // Errors are ours to show (after the spec's delay), not a bomb icon Mermaid adds to the page.
  suppressErrorRendering: true,
  // A diagram's own %%{init}%% may not turn these back on or restyle the page around it.
  secure: [
    "secure",
    "securityLevel",
    "startOnLoad",
    "maxTextSize",
    "suppressErrorRendering",
    "maxEdges",
    "htmlLabels",
    "themeCSS",
    "fontFamily",
    "altFontFamily",
  ],
  theme: "default",
});

let counter = 0;

/** Renders one diagram's text to purified SVG, or says why Mermaid refused it. */
export async function renderMermaid(source: string): Promise<RenderOutcome> {
  counter += 1;
  const id = `chat-mermaid-${counter}`;
  try {
    const { svg } = await mermaid.render(id, source);
    const clean = sanitizeDiagramSvg(svg);
    return { ok: true, svg: clean, ...svgSize(clean) };
  } catch (error) {
    return { ok: false, reason: "syntax", message: error instanceof Error ? error.message : String(error) };
  } finally {
    // Mermaid measures text in scratch elements; a failed render may leave them behind.
    for (const scratch of [id, `d${id}`, `i${id}`]) document.getElementById(scratch)?.remove();
  }
}
