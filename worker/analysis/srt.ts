/** One spoken line of the podcast, timed by its own audio. */
export interface Cue {
  speaker: string;
  text: string;
  startSeconds: number;
  seconds: number;
}

function timestamp(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`;
}

/** SubRip subtitles: one cue per line, `Speaker: text`; line breaks inside a line would end the cue early, so they become spaces. */
export function toSrt(cues: Cue[]): string {
  return cues
    .map((c, i) => {
      const text = `${c.speaker}: ${c.text}`.replace(/\s*[\r\n]+\s*/g, " ").trim();
      return `${i + 1}\n${timestamp(c.startSeconds)} --> ${timestamp(c.startSeconds + c.seconds)}\n${text}\n`;
    })
    .join("\n");
}
