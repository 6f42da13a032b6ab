import type { AhaCard, AhaSection } from "../../../../contract/analysis";

/** Spec §9: an insight card is 386 px high, 410 when its answer is a picture, 460 for a markdown answer. */
export function ahaCardHeight(card: AhaCard): number {
  const answer = card.content.answer;
  if (answer.hidden || !answer.msg) return 386;
  if (answer.type === "svg") return 410;
  return answer.type === "markdown" ? 460 : 386;
}

export const AHA_SECTIONS = ["reason", "query", "answer"] as const;

/** The sections a card shows, in order: hidden or empty ones are left out. */
export function visibleSections(card: AhaCard): [(typeof AHA_SECTIONS)[number], AhaSection][] {
  return AHA_SECTIONS.map((name) => [name, card.content[name]] as [(typeof AHA_SECTIONS)[number], AhaSection]).filter(
    ([, section]) => section && !section.hidden && section.msg.trim() !== "",
  );
}

/** The card index an arrow key moves to (wrapping round), or null for other keys. */
export function carouselKey(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  if (key === "ArrowRight") return (index + 1) % count;
  if (key === "ArrowLeft") return (index - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

/** A purified SVG as an image address: shown through <img>, nothing in it can run or fetch. */
export function svgDataUrl(cleanSvg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(cleanSvg)}`;
}
