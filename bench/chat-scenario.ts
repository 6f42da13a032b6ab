// One chat scenario against one server (the app or the floor): N clients in one room, two
// unmeasured seconds to warm the room and its JIT, then the measured round.
import { randomBytes } from "node:crypto";
import { ClientPool } from "./client-pool.ts";
import { roundStats, type RoundStats } from "./round-stats.ts";
import { benchChatId } from "./seed.ts";

export interface Scenario {
  clients: number;
  rate: number;
  seconds: number;
}

/**
 * Client threads for a room of `clients`: one up to 250 sockets, then one per 250 more. A thread
 * parses about 10,000 frames a second before it becomes the bottleneck; BENCH_CLIENT_THREADS overrides.
 */
export function threadsFor(clients: number): number {
  const forced = Number(process.env.BENCH_CLIENT_THREADS);
  return forced > 0 ? forced : Math.max(1, Math.ceil(clients / 250));
}

export async function runScenario(base: string, label: string, s: Scenario): Promise<RoundStats> {
  const clients = Array.from({ length: s.clients }, (_, user) => ({ user, chatId: benchChatId(s.clients) }));
  const pool = await ClientPool.open(base, clients, threadsFor(s.clients));
  try {
    // Ids differ per run and server, so a second run against the same room is not taken for retries.
    const run = `${label}_${s.clients}_${randomBytes(3).toString("hex")}`;
    await pool.round({ prefix: `msg_warm_${run}_`, text: "warm-up message", rate: s.rate, count: s.rate * 2 }, 5000);
    await new Promise((r) => setTimeout(r, 1000));
    const round = await pool.round({ prefix: `msg_bench_${run}_`, text: "benchmark message", rate: s.rate, count: s.rate * s.seconds });
    return roundStats(round, clients);
  } finally {
    await pool.close();
  }
}
