/** Where the tutorial card goes: below its anchor when it fits, else above, else centred; always inside the window. */
export interface Placement {
  top: number;
  left: number;
  highlight: { top: number; left: number; width: number; height: number } | null;
}

const GAP = 10;
const MARGIN = 12;

export function placeCard(anchor: DOMRect | null, card: { width: number; height: number }, view: { width: number; height: number }): Placement {
  const clampLeft = (x: number) => Math.max(MARGIN, Math.min(x, view.width - card.width - MARGIN));
  const clampTop = (y: number) => Math.max(MARGIN, Math.min(y, view.height - card.height - MARGIN));
  if (!anchor) return { top: clampTop((view.height - card.height) / 2), left: clampLeft((view.width - card.width) / 2), highlight: null };
  const highlight = { top: anchor.top - 4, left: anchor.left - 4, width: anchor.width + 8, height: anchor.height + 8 };
  const left = clampLeft(anchor.left + anchor.width / 2 - card.width / 2);
  const below = anchor.bottom + GAP;
  if (below + card.height <= view.height - MARGIN) return { top: below, left, highlight };
  const above = anchor.top - GAP - card.height;
  if (above >= MARGIN) return { top: above, left, highlight };
  return { top: clampTop(anchor.top + anchor.height / 2 - card.height / 2), left, highlight };
}
