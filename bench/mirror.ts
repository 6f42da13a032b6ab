// Mirror part of `npm run bench` (BENCH_ONLY=mirror): 100 rooms of 10 members all sending at once,
// and how long until each message is searchable. One searcher, a member of every room, polls
// `GET /api/search` for the round's token; at the end D1 is read for each message's slim row and
// the rooms' counters. Target: p99 send → searchable ≤ 2 s, and nothing lost.
import { randomBytes } from "node:crypto";
import { ClientPool } from "./client-pool.ts";
import { epochNow } from "./client-protocol.ts";
import { load, machineLine } from "./machine.ts";
import { mirrorRows } from "./mirror-d1.ts";
import { watchSearch } from "./mirror-search.ts";
import { exactlyOnce, roundStats } from "./round-stats.ts";
import { mirrorChatId } from "./seed.ts";
import { cpuNow, cpuPerMessage } from "./server-cpu.ts";
import { ms, percentile, spread } from "./stats.ts";

export const MIRROR_ROOMS = 100;
export const MIRROR_PER_ROOM = 10;
const SECONDS = 10;
/**
 * Messages per second over all rooms (BENCH_MIRROR_RATE). 200 is a busy organization's peak, and
 * what two cores shared by the app, its dev proxy and 1,000 client sockets carry without queueing
 * in the rooms themselves; the searcher's polling comes on top.
 */
const RATE = Number(process.env.BENCH_MIRROR_RATE ?? 200);
/** After the last send, how long the searcher keeps polling; what it has not found by then is looked for once more. */
const GRACE_MS = 30_000;
const TARGET_P99_MS = 2000;

/** Client i is a member of room i % rooms, so message n goes to room n % rooms: every room is busy at once. */
const clients = Array.from({ length: MIRROR_ROOMS * MIRROR_PER_ROOM }, (_, user) => ({ user, chatId: mirrorChatId(user % MIRROR_ROOMS) }));

/** `stateDir`: the app's --persist-to directory, to read D1 at the end. */
export async function runMirrorBench(base: string, stateDir: string): Promise<void> {
  const loadBefore = load();
  const count = RATE * SECONDS;
  console.log(
    `\n▶ Mirror: ${MIRROR_ROOMS} rooms × ${MIRROR_PER_ROOM} members, ${RATE} messages/s in all (${(RATE / clients.length).toFixed(2)}/s per member) for ${SECONDS} s`,
  );
  const pool = await ClientPool.open(base, clients, 4);
  try {
    const nonce = randomBytes(3).toString("hex");
    // One message per room first: every room, the queue consumer and the shard have run once.
    const warmToken = `warm${nonce}`;
    const warmStart = epochNow() + 300;
    const warmDue = new Map(Array.from({ length: MIRROR_ROOMS }, (_, n) => [`msg_mwarm_${nonce}_${n}`, warmStart] as const));
    const warming = watchSearch(base, clients.length, warmToken, warmDue, warmStart + GRACE_MS);
    await pool.round({ prefix: `msg_mwarm_${nonce}_`, text: `${warmToken} warm-up`, rate: MIRROR_ROOMS * 10, count: MIRROR_ROOMS, startAt: warmStart }, 5000);
    const warm = await warming;
    console.log(`  warm-up: ${warm.seen.size}/${MIRROR_ROOMS} rooms' messages searchable`);

    const token = `mirror${nonce}`;
    const prefix = `msg_mirror_${nonce}_`;
    const startAt = epochNow() + 500;
    const due = new Map(Array.from({ length: count }, (_, n) => [`${prefix}${n}`, startAt + (n * 1000) / RATE] as const));
    const port = Number(new URL(base).port);
    const cpuBefore = cpuNow(port);
    const watching = watchSearch(base, clients.length, token, due, startAt + SECONDS * 1000 + GRACE_MS);
    const round = await pool.round({ prefix, text: `${token} mirror message`, rate: RATE, count, startAt });
    const watch = await watching;
    const cpu = cpuPerMessage(cpuBefore, cpuNow(port), count);

    // What the grace period did not find, looked for once more: late, or never searchable (lost).
    const unseen = new Map([...due].filter(([id]) => !watch.seen.has(id)));
    const sweep = unseen.size ? await watchSearch(base, clients.length, token, unseen, epochNow() + 15_000) : null;

    const stats = roundStats(round, clients);
    const lags: number[] = [];
    let lost = 0;
    for (const [id, sentAt] of round.sent) {
      const seen = watch.seen.get(id) ?? sweep?.seen.get(id);
      if (seen === undefined) lost += 1;
      else lags.push(seen - sentAt);
    }
    const late = sweep?.seen.size ?? 0;
    const lag = spread(lags);
    const d1 = await mirrorRows(stateDir, prefix, "chat_mirror_");
    const noRow = [...round.sent.keys()].filter((id) => !d1.ids.has(id)).length;
    const counted = MIRROR_ROOMS + stats.messages;
    console.log(
      `  sent ${stats.messages} at ${stats.msgPerSec.toFixed(1)} msg/s; acked ${stats.acked}; deliveries ${stats.deliveries}/${stats.expected} → ${exactlyOnce(stats) ? "exactly once" : "NOT exactly once"}\n` +
        `  send→ack p50 ${ms(percentile(stats.ack, 50))} p99 ${ms(percentile(stats.ack, 99))}; send→last member p99 ${ms(percentile(stats.last, 99))}\n` +
        `  send→searchable p50 ${ms(lag.p50)}  p95 ${ms(lag.p95)}  p99 ${ms(lag.p99)}  max ${ms(lag.max)}\n` +
        `  lost ${lost} (never searchable); ${late} found only after the ${GRACE_MS / 1000} s grace period\n` +
        `  D1: slim rows ${stats.messages - noRow}/${stats.messages} (missing ${noRow}); rooms' message counters ${d1.humanCount} (expected ${counted})\n` +
        `  server CPU per message, the searcher's polling included: ${cpu ? `${(cpu.worker + cpu.proxy).toFixed(2)} ms (workerd ${cpu.worker.toFixed(2)} + dev proxy ${cpu.proxy.toFixed(2)})` : "n/a"}\n` +
        `  searcher: ${watch.polls.length} polls, ${watch.requests} requests (${watch.errors} failed), poll p50 ${ms(percentile(watch.polls, 50))} p99 ${ms(percentile(watch.polls, 99))}\n` +
        `  client: busiest thread ${(stats.clientUtilisation * 100).toFixed(0)}% busy, send slip p99 ${ms(percentile(stats.sendSlip, 99))}` +
        (stats.dropped > 0 ? `; ${stats.dropped} sockets dropped (a server reload?)` : ""),
    );
    const met = lag.p99 <= TARGET_P99_MS && lost === 0 && noRow === 0;
    console.log(`  target: p99 ≤ ${TARGET_P99_MS / 1000} s and nothing lost → ${met ? "met" : "MISSED"}`);
    console.log(`  (${machineLine(loadBefore, load())})`);
  } finally {
    await pool.close();
  }
}
