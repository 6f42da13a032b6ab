import { describe, expect, it } from "vitest";
import {
  DIAGRAM_ZOOM,
  diagramPhase,
  isDiagramComplete,
  isFenceClosed,
  scalePercent,
  svgSize,
  zoomBy,
  zoomForKey,
  type RenderOutcome,
} from "../../../../web/ui/mermaid/state";

const RENDERED: RenderOutcome = { ok: true, svg: "<svg></svg>", width: 100, height: 50 };
const SYNTAX: RenderOutcome = { ok: false, reason: "syntax", message: "Parse error" };
const LOAD: RenderOutcome = { ok: false, reason: "load", message: "offline" };

describe("isFenceClosed", () => {
  it("sees the closing fence of a finished block", () => {
    expect(isFenceClosed("```mermaid\ngraph TD\nA-->B\n```")).toBe(true);
    expect(isFenceClosed("~~~mermaid\ngraph TD\n~~~~\n")).toBe(true);
    expect(isFenceClosed("````mermaid\nA\n````  ")).toBe(true);
  });

  it("sees that a block still being written has none yet", () => {
    expect(isFenceClosed("```mermaid\ngraph TD\nA-->")).toBe(false);
    expect(isFenceClosed("```mermaid")).toBe(false);
    expect(isFenceClosed("````mermaid\nA\n```")).toBe(false); // shorter than the opening fence
    expect(isFenceClosed("```mermaid\nA\n~~~")).toBe(false); // another fence character
    expect(isFenceClosed("```mermaid\nA\n``` not a fence")).toBe(false);
  });

  it("reads fences in a list or a quote", () => {
    expect(isFenceClosed("```mermaid\n   A-->B\n   ```")).toBe(true);
    expect(isFenceClosed("```mermaid\n> A-->B\n> ```")).toBe(true);
  });
});

describe("diagram states (spec 02 §4, §5)", () => {
  it("waits while the text is empty or its fence is open and still changing", () => {
    expect(isDiagramComplete("", true, false)).toBe(false);
    expect(isDiagramComplete("  \n", true, true)).toBe(false);
    expect(isDiagramComplete("graph TD\nA-->", false, false)).toBe(false);
    expect(diagramPhase(false, null, false)).toBe("waiting");
  });

  it("renders once the fence is closed, or the open text stopped changing", () => {
    expect(isDiagramComplete("graph TD\nA-->B", true, false)).toBe(true);
    expect(isDiagramComplete("graph TD\nA-->B", false, true)).toBe(true);
    expect(diagramPhase(true, null, false)).toBe("rendering");
    expect(diagramPhase(true, RENDERED, false)).toBe("rendered");
  });

  it("shows a syntax error only once its delay has passed", () => {
    expect(diagramPhase(true, SYNTAX, false)).toBe("rendering");
    expect(diagramPhase(true, SYNTAX, true)).toBe("error");
    // The text grew again (a streaming reply): back to waiting, whatever the last outcome was.
    expect(diagramPhase(false, SYNTAX, true)).toBe("waiting");
  });

  it("shows a failed download at once (it is not the text's fault)", () => {
    expect(diagramPhase(true, LOAD, false)).toBe("error");
  });
});

describe("diagram zoom (spec 02 §9: 0.5 to 3 in steps of 0.25)", () => {
  it("steps by a quarter and stops at the ends", () => {
    expect(zoomBy(1, 1)).toBe(1.25);
    expect(zoomBy(1, -1)).toBe(0.75);
    expect(zoomBy(DIAGRAM_ZOOM.max, 1)).toBe(3);
    expect(zoomBy(DIAGRAM_ZOOM.min, -1)).toBe(0.5);
    let scale = 1;
    for (let i = 0; i < 20; i += 1) scale = zoomBy(scale, 1);
    expect(scale).toBe(3);
    for (let i = 0; i < 20; i += 1) scale = zoomBy(scale, -1);
    expect(scale).toBe(0.5);
  });

  it("labels the zoom in percent", () => {
    expect(scalePercent(1)).toBe(100);
    expect(scalePercent(1.25)).toBe(125);
    expect(scalePercent(0.5)).toBe(50);
  });

  it("zooms a focused diagram from the keyboard", () => {
    expect(zoomForKey("+", 1)).toBe(1.25);
    expect(zoomForKey("=", 1)).toBe(1.25);
    expect(zoomForKey("-", 1)).toBe(0.75);
    expect(zoomForKey("0", 2.5)).toBe(1);
    expect(zoomForKey("a", 1)).toBeNull();
  });
});

describe("svgSize", () => {
  it("reads the viewBox, else width and height", () => {
    expect(svgSize('<svg id="x" width="100%" style="max-width: 320px;" viewBox="-8 -8 320.5 174">')).toEqual({ width: 320.5, height: 174 });
    expect(svgSize('<svg width="200" height="80px"><g/></svg>')).toEqual({ width: 200, height: 80 });
    expect(svgSize("<div>")).toEqual({ width: 0, height: 0 });
  });
});
