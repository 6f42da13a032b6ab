// Latencies and the exactly-once check of one round, from what the client threads recorded.
import { writeFileSync } from "node:fs";
import type { Round } from "./client-pool.ts";
import type { ClientSpec } from "./client-protocol.ts";

export interface RoundStats {
  messages: number;
  msgPerSec: number;
  acked: number;
  ack: number[];
  /** Per message: send → the last member that got it. */
  last: number[];
  /** Every delivery: send → that member got it. */
  any: number[];
  deliveries: number;
  /** Deliveries that came inside a `messages` frame (the room batches a backlog). */
  batched: number;
  expected: number;
  missing: number;
  duplicates: number;
  /** Deliveries and acks that came after the settle time: slow, not lost. */
  late: number;
  /** Client health: the busiest thread's event-loop utilisation and delay p99, and how late sends left. */
  clientUtilisation: number;
  clientLoopDelayP99: number;
  sendSlip: number[];
  dropped: number;
}

export function roundStats(round: Round, clients: ClientSpec[]): RoundStats {
  const members = new Map<string, number>();
  for (const c of clients) members.set(c.chatId, (members.get(c.chatId) ?? 0) + 1);
  const chatOfMessage = (id: string) => clients[Number(id.slice(id.lastIndexOf("_") + 1)) % clients.length]!.chatId;
  const ack: number[] = [];
  const last: number[] = [];
  const any: number[] = [];
  let deliveries = 0;
  let expected = 0;
  let missing = 0;
  let duplicates = 0;
  let late = 0;
  for (const [id, sentAt] of round.sent) {
    const acked = round.acked.get(id);
    if (acked !== undefined) ack.push(acked - sentAt);
    if (acked !== undefined && acked > round.deadline) late += 1;
    const wanted = members.get(chatOfMessage(id)) ?? 0;
    expected += wanted;
    const got = round.deliveries.get(id);
    if (!got) {
      missing += wanted;
      continue;
    }
    const distinct = new Set(got.clients).size;
    deliveries += got.at.length;
    missing += wanted - distinct;
    duplicates += got.at.length - distinct;
    let latest = 0;
    for (const at of got.at) {
      if (at > round.deadline) late += 1;
      any.push(at - sentAt);
      latest = Math.max(latest, at - sentAt);
    }
    last.push(latest);
  }
  const times = [...round.sent.values()];
  const span = times.length > 1 ? (Math.max(...times) - Math.min(...times)) / 1000 : 0;
  return {
    messages: round.sent.size,
    msgPerSec: span > 0 ? (times.length - 1) / span : NaN,
    acked: ack.length,
    ack,
    last,
    any,
    deliveries,
    batched: round.batched,
    expected,
    missing,
    duplicates,
    late,
    clientUtilisation: Math.max(...round.threads.map((t) => t.utilisation)),
    clientLoopDelayP99: Math.max(...round.threads.map((t) => t.loopDelayP99)),
    sendSlip: round.sendSlip,
    dropped: round.dropped,
  };
}

/** Several rounds of one scenario as one: latencies pooled, counts added, the worst client health kept. */
export function mergeStats(all: RoundStats[]): RoundStats {
  const sum = (f: (s: RoundStats) => number) => all.reduce((n, s) => n + f(s), 0);
  const max = (f: (s: RoundStats) => number) => Math.max(...all.map(f));
  return {
    messages: sum((s) => s.messages),
    msgPerSec: sum((s) => s.msgPerSec) / all.length,
    acked: sum((s) => s.acked),
    ack: all.flatMap((s) => s.ack),
    last: all.flatMap((s) => s.last),
    any: all.flatMap((s) => s.any),
    deliveries: sum((s) => s.deliveries),
    batched: sum((s) => s.batched),
    expected: sum((s) => s.expected),
    missing: sum((s) => s.missing),
    duplicates: sum((s) => s.duplicates),
    late: sum((s) => s.late),
    clientUtilisation: max((s) => s.clientUtilisation),
    clientLoopDelayP99: max((s) => s.clientLoopDelayP99),
    sendSlip: all.flatMap((s) => s.sendSlip),
    dropped: max((s) => s.dropped),
  };
}

export const exactlyOnce = (s: RoundStats) => s.missing === 0 && s.duplicates === 0 && s.acked === s.messages;

/**
 * One line per message (send time, send→ack, send→last receiver, in ms): BENCH_DUMP writes these,
 * to see when the slow messages come (a rhythm points at periodic work, a cluster at a stall).
 */
export function dumpRound(path: string, round: Round): void {
  const lines = [...round.sent].map(([id, at]) => {
    const got = round.deliveries.get(id);
    return [at, (round.acked.get(id) ?? NaN) - at, got ? Math.max(...got.at) - at : NaN].join(",");
  });
  writeFileSync(path, `sent_at,ack_ms,last_ms\n${lines.join("\n")}\n`);
}
