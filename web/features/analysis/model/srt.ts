/** A subtitle line (spec §3): when it starts and how long it shows, in seconds, and its text. */
export interface Subtitle {
  startTime: number;
  duration: number;
  name: string;
}

/** "00:01:02,500" or "01:02.5" (a comma or a dot before the fraction) in seconds; NaN when it is not a time. */
export function parseSrtTime(text: string): number {
  const match = /^\s*(?:(\d+):)?(\d{1,2}):(\d{1,2})(?:[,.](\d{1,3}))?\s*$/.exec(text);
  if (!match) return Number.NaN;
  const [, h = "0", m = "0", s = "0", frac = "0"] = match;
  return Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(frac.padEnd(3, "0")) / 1000;
}

/**
 * The podcast's SRT file as subtitle lines, in time order. Blocks without a valid time line are
 * skipped (a file from elsewhere may be sloppy); numbering is optional; markup stays as text (the
 * viewer renders it as text, never as HTML).
 */
export function parseSrt(source: string): Subtitle[] {
  const blocks = source
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/);
  const lines: Subtitle[] = [];
  for (const block of blocks) {
    const rows = block.split("\n").filter((row) => row.trim() !== "");
    const timeRow = rows.findIndex((row) => row.includes("-->"));
    if (timeRow < 0 || timeRow > 1) continue;
    const [from = "", to = ""] = rows[timeRow]!.split("-->");
    const start = parseSrtTime(from);
    // Cue settings may follow the end time ("00:00:02,000 X1:40").
    const end = parseSrtTime(to.trim().split(/\s+/)[0] ?? "");
    if (!Number.isFinite(start) || !Number.isFinite(end)) continue;
    const name = rows
      .slice(timeRow + 1)
      .map((row) => row.trim())
      .join(" ");
    if (!name) continue;
    lines.push({ startTime: start, duration: Math.max(0, end - start), name });
  }
  return lines.sort((a, b) => a.startTime - b.startTime);
}

/** The index of the subtitle showing at `time` (the last one started, while it lasts or until the next starts); -1 before the first. */
export function subtitleAt(lines: readonly Subtitle[], time: number): number {
  let found = -1;
  for (let i = 0; i < lines.length; i += 1) {
    if (lines[i]!.startTime <= time) found = i;
    else break;
  }
  return found;
}
