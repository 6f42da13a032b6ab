// What the benchmark's servers print, for two opt-in views of a run:
// - BENCH_SERVER_LOG=/tmp/run writes each server's wrangler and workerd output to /tmp/run-<name>.log.
// - BENCH_TRACE_GC=1 has every workerd trace V8's garbage collections and prints, per scenario, the
//   collections of each server's busiest isolate (the one its room runs in): how many, their pauses
//   and the heap left after a full one. A full collection stops the room's thread, so its pause
//   lands on the latency of every message in flight.
import { writeFileSync, appendFileSync, mkdtempSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

const TRACE_GC = process.env.BENCH_TRACE_GC === "1";

/**
 * Makes every workerd started from now on (the app's and the floors') trace its collections. The
 * lines go to workerd's stdout, a pipe, so workerd runs under `stdbuf` to write them as they come;
 * block-buffered, they come in bursts and the last are lost when the server is stopped.
 */
export function enableGcTrace(): void {
  if (!TRACE_GC) return;
  const fromMiniflare = createRequire(createRequire(import.meta.url).resolve("miniflare"));
  const binary = (fromMiniflare("workerd") as { default: string }).default;
  const wrapper = join(mkdtempSync(join(tmpdir(), "teamchat-gc-")), "workerd");
  writeFileSync(wrapper, `#!/bin/sh\nexec stdbuf -oL -eL '${binary}' "$@"\n`, { mode: 0o755 });
  process.env.MINIFLARE_WORKERD_PATH = wrapper;
  process.env.MINIFLARE_WORKERD_V8_FLAGS = "--trace-gc";
}

interface IsolateGc {
  full: number[];
  young: number[];
  liveAfterFullMb: number;
}

// "[pid:0x…]   6545 ms: Mark-Compact 34.4 (45.5) -> 24.5 (45.2) MB, pooled: 0.2 MB, 25.26 / 0.00 ms …";
// the kind may carry a note, as in "Mark-Compact (reduce)".
const GC_LINE = /^\[(\d+:0x[0-9a-f]+)\]\s+\d+ ms: ([A-Za-z -]+?)(?: \([a-z ]+\))? [\d.]+ \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB, pooled: [\d.]+ MB, ([\d.]+) \//;

export class GcTally {
  private isolates = new Map<string, IsolateGc>();
  private partial = "";

  feed(chunk: Buffer): void {
    const lines = (this.partial + chunk.toString()).split("\n");
    this.partial = lines.pop()!;
    for (const line of lines) {
      const m = GC_LINE.exec(line);
      if (!m) continue;
      const gc = this.isolates.get(m[1]!) ?? { full: [], young: [], liveAfterFullMb: NaN };
      this.isolates.set(m[1]!, gc);
      const full = m[2]!.startsWith("Mark-");
      (full ? gc.full : gc.young).push(Number(m[4]));
      if (full) gc.liveAfterFullMb = Number(m[3]);
    }
  }

  reset(): void {
    this.isolates.clear();
  }

  /** The isolate that paused longest: the room's, under load. */
  summary(): string {
    const total = (gc: IsolateGc) => [...gc.full, ...gc.young].reduce((a, b) => a + b, 0);
    const busiest = [...this.isolates.values()].sort((a, b) => total(b) - total(a))[0];
    if (!busiest) return "no collections traced";
    const pauses = (xs: number[]) => `${xs.length}, ${xs.reduce((a, b) => a + b, 0).toFixed(0)} ms in all, longest ${Math.max(0, ...xs).toFixed(1)} ms`;
    const live = Number.isNaN(busiest.liveAfterFullMb) ? "" : `; ${busiest.liveAfterFullMb} MB left after the last full one`;
    return `full collections ${pauses(busiest.full)}; young ${pauses(busiest.young)}${live}`;
  }
}

const tallies = new Map<string, GcTally>();

/** A listener for everything server `name` prints, or undefined when neither view is on. */
export function serverOutput(name: string): ((chunk: Buffer) => void) | undefined {
  const prefix = process.env.BENCH_SERVER_LOG;
  if (!prefix && !TRACE_GC) return undefined;
  const tally = TRACE_GC ? new GcTally() : null;
  if (tally) tallies.set(name, tally);
  return (chunk) => {
    if (prefix) appendFileSync(`${prefix}-${name}.log`, chunk);
    tally?.feed(chunk);
  };
}

/** Starts counting collections afresh, for every server. */
export function resetGcTallies(): void {
  for (const tally of tallies.values()) tally.reset();
}

/** One line per server on the collections since the last reset; empty when not tracing. */
export function gcReport(): string[] {
  return [...tallies].map(([name, tally]) => `  GC, ${name}: ${tally.summary()}`);
}
