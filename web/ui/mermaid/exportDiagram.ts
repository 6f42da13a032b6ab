import { saveBlob } from "../preview/blobs";

/** Spec 02 §2.15 Save PNG: drawn at twice the diagram's size, so it stays sharp on a high-density screen. */
const PNG_RATIO = 2;

/**
 * The diagram as a file of its own: well-formed XML with its namespace and a fixed size (on the
 * page it is sized by the box it sits in). Parsed as inert HTML: nothing in it runs here.
 */
export function standaloneSvg(svg: string, width: number, height: number): string {
  const doc = new DOMParser().parseFromString(svg, "text/html");
  const root = doc.querySelector("svg");
  if (!root) throw new Error("no svg");
  if (width > 0 && height > 0) {
    root.setAttribute("width", String(width));
    root.setAttribute("height", String(height));
  }
  root.style.removeProperty("max-width");
  return new XMLSerializer().serializeToString(root);
}

function fileName(extension: string): string {
  const stamp = new Date()
    .toISOString()
    .replace(/\.\d+Z$/, "")
    .replace(/[-:]/g, "")
    .replace("T", "-");
  return `diagram-${stamp}.${extension}`;
}

export function saveSvg(svg: string, width: number, height: number): void {
  saveBlob(new Blob([standaloneSvg(svg, width, height)], { type: "image/svg+xml" }), fileName("svg"));
}

async function pngOf(svg: string, width: number, height: number): Promise<Blob> {
  if (!(width > 0 && height > 0)) throw new Error("the diagram has no size");
  const url = URL.createObjectURL(new Blob([standaloneSvg(svg, width, height)], { type: "image/svg+xml" }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = Math.ceil(width * PNG_RATIO);
    canvas.height = Math.ceil(height * PNG_RATIO);
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no canvas");
    // Diagrams are drawn for a white page; a transparent PNG would lose its lines on a dark viewer.
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("toBlob"))), "image/png"));
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Saves a PNG; when the browser cannot draw one, the SVG instead. Says which it saved ('none' if neither worked). */
export async function savePng(svg: string, width: number, height: number): Promise<"png" | "svg" | "none"> {
  try {
    saveBlob(await pngOf(svg, width, height), fileName("png"));
    return "png";
  } catch {
    try {
      saveSvg(svg, width, height);
      return "svg";
    } catch {
      return "none";
    }
  }
}
