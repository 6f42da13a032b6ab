// One chat scenario against the app and the floor: N clients in one room on each, both connected
// up front, two unmeasured seconds to warm each room and its JIT, then measured rounds that take
// turns (app, floor, floor, app, …), so a change in the machine's load falls on both alike.
import { randomBytes } from "node:crypto";
import { ClientPool } from "./client-pool.ts";
import { dumpRound, mergeStats, roundStats, type RoundStats } from "./round-stats.ts";
import { benchChatId } from "./seed.ts";
import { cpuNow, cpuPerMessage, type CpuSample } from "./server-cpu.ts";
import { percentile } from "./stats.ts";

/**
 * How long after its last send a round waits for deliveries. Long, so that on a busy machine a
 * late message counts as late, and only one that never comes as missing.
 */
export const SETTLE_MS = 30_000;

export interface Scenario {
  clients: number;
  rate: number;
  seconds: number;
}

export interface Target {
  name: string;
  base: string;
}

export interface Measured {
  stats: RoundStats;
  /** Server CPU milliseconds per message, averaged over the rounds (null where /proc is not readable). */
  cpu: CpuSample | null;
  /** Each round's last-receiver p99, in the order the rounds ran. */
  roundLastP99: number[];
}

/**
 * Client threads for a room of `clients`: one up to 250 sockets, then one per 250 more. A thread
 * parses about 10,000 frames a second before it becomes the bottleneck; BENCH_CLIENT_THREADS overrides.
 */
export function threadsFor(clients: number): number {
  const forced = Number(process.env.BENCH_CLIENT_THREADS);
  return forced > 0 ? forced : Math.max(1, Math.ceil(clients / 250));
}

function averageCpu(samples: (CpuSample | null)[]): CpuSample | null {
  if (samples.length === 0 || samples.some((s) => s === null)) return null;
  const known = samples as CpuSample[];
  return { proxy: known.reduce((n, s) => n + s.proxy, 0) / known.length, worker: known.reduce((n, s) => n + s.worker, 0) / known.length };
}

export async function runScenario(targets: Target[], s: Scenario, repeats: number): Promise<Map<string, Measured>> {
  const clients = Array.from({ length: s.clients }, (_, user) => ({ user, chatId: benchChatId(s.clients) }));
  const pools: ClientPool[] = [];
  try {
    for (const t of targets) pools.push(await ClientPool.open(t.base, clients, threadsFor(s.clients)));
    // Ids differ per run, server and round, so a second run against the same room is not taken for retries.
    const run = `${s.clients}_${randomBytes(3).toString("hex")}`;
    // A whole round unmeasured for each server first: with two seconds of warm-up, the first measured
    // round still came out slow in whichever server went first, so two identical floors read 1.04×
    // over 20 rounds (its first round 28.5 against 14.2 ms, 2026-12-08).
    for (const [k, pool] of pools.entries()) {
      await pool.round({ prefix: `msg_warm_${run}_${k}_`, text: "warm-up message", rate: s.rate, count: s.rate * s.seconds }, 5000);
    }
    const rounds = targets.map(() => ({ stats: [] as RoundStats[], cpu: [] as (CpuSample | null)[] }));
    for (let r = 0; r < repeats; r += 1) {
      const order = r % 2 === 0 ? targets.map((_, k) => k) : targets.map((_, k) => targets.length - 1 - k);
      for (const k of order) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const port = Number(new URL(targets[k]!.base).port);
        const before = cpuNow(port);
        const round = await pools[k]!.round(
          { prefix: `msg_bench_${run}_${k}_${r}_`, text: "benchmark message", rate: s.rate, count: s.rate * s.seconds },
          SETTLE_MS,
        );
        const stats = roundStats(round, clients);
        if (process.env.BENCH_DUMP) dumpRound(`${process.env.BENCH_DUMP}-${targets[k]!.name}-${r}.csv`, round);
        rounds[k]!.stats.push(stats);
        rounds[k]!.cpu.push(cpuPerMessage(before, cpuNow(port), stats.messages));
      }
    }
    return new Map(
      targets.map((t, k) => [
        t.name,
        { stats: mergeStats(rounds[k]!.stats), cpu: averageCpu(rounds[k]!.cpu), roundLastP99: rounds[k]!.stats.map((r) => percentile(r.last, 99)) },
      ]),
    );
  } finally {
    for (const pool of pools) await pool.close();
  }
}
