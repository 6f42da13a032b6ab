import type { TranscriptSegment } from "../../../../contract/analysis";

/** Spec §9: speaker icons cycle over 7 images. */
export const SPEAKER_STYLES = 7;

/**
 * The segment the audio is in at `time` seconds: the last one that started, while the time is
 * before its end or the next one's start (a gap keeps the previous line lit); -1 before the first.
 * Segments arrive in time order; a binary search keeps a long recording's timeupdate cheap.
 */
export function segmentAt(segments: readonly TranscriptSegment[], time: number): number {
  let low = 0;
  let high = segments.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (segments[mid]!.start <= time) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found;
}

/** Each speaker keeps one of the 7 styles, in the order they first speak. */
export function speakerStyles(segments: readonly TranscriptSegment[]): Map<string, number> {
  const styles = new Map<string, number>();
  for (const segment of segments) {
    if (!styles.has(segment.speaker)) styles.set(segment.speaker, styles.size % SPEAKER_STYLES);
  }
  return styles;
}
