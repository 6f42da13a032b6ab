// The life of a diagram in a message (spec 02 §4 "Mermaid: incomplete content shows a waiting
// state, otherwise rendering, error or rendered") and its zoom (spec 02 §9), as pure functions.

/** Spec 02 §5: a syntax error shows only after 2 s, so a reply still being written does not flash errors. */
export const ERROR_DELAY_MS = 2000;
/** An unclosed fence whose text has not changed for this long is taken as all there is (a message that never closed it). */
export const SETTLE_MS = 2000;
/** Spec 02 §9: diagram zoom 0.5 to 3 in steps of 0.25. */
export const DIAGRAM_ZOOM = { min: 0.5, max: 3, step: 0.25, initial: 1 } as const;

export type DiagramPhase = "waiting" | "rendering" | "error" | "rendered";

export type RenderOutcome =
  | { ok: true; svg: string; width: number; height: number }
  /** `syntax`: Mermaid refused the text. `load`: the diagram code could not be downloaded (offline): worth a retry. */
  | { ok: false; reason: "syntax" | "load"; message: string };

/**
 * Whether a fenced block's source (its text in the message, fences included) ends with a closing
 * fence. While a reply streams, its last code block has none yet: markdown shows it to the end of
 * the text. The closing fence uses the opening one's character, at least as many, and may sit in a
 * list or a quote.
 */
export function isFenceClosed(raw: string): boolean {
  const lines = raw.replace(/\s+$/, "").split(/\r\n|\r|\n/);
  if (lines.length < 2) return false;
  const open = /^[\s>]*(`{3,}|~{3,})/.exec(lines[0]!);
  const close = /^[\s>]*(`{3,}|~{3,})\s*$/.exec(lines[lines.length - 1]!);
  if (!open || !close) return false;
  return close[1]![0] === open[1]![0] && close[1]!.length >= open[1]!.length;
}

/** Spec 02 §5: empty text, or an unclosed fence still being written, waits; a closed one (or one left alone long enough) renders. */
export function isDiagramComplete(source: string, closed: boolean, settled: boolean): boolean {
  if (!source.trim()) return false;
  return closed || settled;
}

/**
 * What the block shows. A syntax error keeps showing 'rendering' until its delay has passed; an
 * outcome for other text than the current one (the reply grew) counts as none.
 */
export function diagramPhase(complete: boolean, outcome: RenderOutcome | null, errorDue: boolean): DiagramPhase {
  if (!complete) return "waiting";
  if (!outcome) return "rendering";
  if (outcome.ok) return "rendered";
  if (outcome.reason === "load") return "error";
  return errorDue ? "error" : "rendering";
}

/** The next zoom step, within 0.5–3. */
export function zoomBy(scale: number, direction: 1 | -1): number {
  const next = Math.round((scale + direction * DIAGRAM_ZOOM.step) / DIAGRAM_ZOOM.step) * DIAGRAM_ZOOM.step;
  return Math.min(DIAGRAM_ZOOM.max, Math.max(DIAGRAM_ZOOM.min, next));
}

/** The zoom as the label shows it: 1 → 100, 1.25 → 125. */
export function scalePercent(scale: number): number {
  return Math.round(scale * 100);
}

/** The keys that zoom a focused diagram: + and = in, - out, 0 back to 100 %. */
export function zoomForKey(key: string, scale: number): number | null {
  if (key === "+" || key === "=") return zoomBy(scale, 1);
  if (key === "-" || key === "_") return zoomBy(scale, -1);
  if (key === "0") return DIAGRAM_ZOOM.initial;
  return null;
}

/** The size a diagram's SVG declares (its viewBox, else its width and height), for layout and the PNG. */
export function svgSize(svg: string): { width: number; height: number } {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? "";
  const viewBox = /\bviewBox\s*=\s*["']\s*([-\d.eE]+)[\s,]+([-\d.eE]+)[\s,]+([\d.eE]+)[\s,]+([\d.eE]+)\s*["']/.exec(root);
  if (viewBox) return { width: Number(viewBox[3]), height: Number(viewBox[4]) };
  const width = Number(/\bwidth\s*=\s*["']([\d.]+)(?:px)?["']/.exec(root)?.[1] ?? 0);
  const height = Number(/\bheight\s*=\s*["']([\d.]+)(?:px)?["']/.exec(root)?.[1] ?? 0);
  return { width, height };
}
