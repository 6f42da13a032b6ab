/** Panel sizes of the coding layout (spec 03 §2.1, §9). Numbers are pixels, strings percentages. */
export const PANEL_LIMITS = {
  chatMin: 400,
  workMin: 550,
  explorerMin: 250,
  viewerMin: 300,
  chatDefault: "38%",
  explorerDefault: "33%",
} as const;

/** Default: explorer, viewer, chat. Chat-first reverses the order. */
export type LayoutMode = "default" | "chat-first";
export const LAYOUT_MODE_KEY = "workspace-layout-mode";
/** The one area a phone shows: the chat, or the explorer and viewer. */
export type NarrowView = "chat" | "files";

export function readLayoutMode(storage: Pick<Storage, "getItem"> | undefined = globalThis.localStorage): LayoutMode {
  try {
    return storage?.getItem(LAYOUT_MODE_KEY) === "chat-first" ? "chat-first" : "default";
  } catch {
    return "default";
  }
}

export function saveLayoutMode(mode: LayoutMode, storage: Pick<Storage, "setItem"> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(LAYOUT_MODE_KEY, mode);
  } catch {
    // Not remembered; the toggle still works for this visit.
  }
}
