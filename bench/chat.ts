// Chat part of `npm run bench`: N clients in one chat room against the local Worker. Prints
// send-to-ack and send-to-receiver latency percentiles, messages per second, and whether every
// message reached every member exactly once.
import WebSocket from "ws";
import { benchChatId, benchToken } from "./seed.ts";
import { ms, percentile } from "./stats.ts";

interface Scenario {
  clients: number;
  rate: number;
  seconds: number;
}

const SCENARIOS: Scenario[] = [
  { clients: 10, rate: 50, seconds: 6 },
  { clients: 100, rate: 50, seconds: 10 },
  { clients: 500, rate: 20, seconds: 10 },
];
/** Chat sizes the seed must create. */
export const CHAT_SIZES = SCENARIOS.map((s) => s.clients);
/** BENCH_CLIENTS=100 runs one scenario only (for profiling). */
const ONLY = process.env.BENCH_CLIENTS ? Number(process.env.BENCH_CLIENTS) : null;

interface Client {
  index: number;
  ws: WebSocket;
}

// The `ws` package, not Node's built-in WebSocket: with hundreds of sockets in one process the
// client's own frame handling would otherwise be what the benchmark measures.
export async function connect(base: string, chatId: string, index: number, onFrame: (client: number, frame: any) => void): Promise<Client> {
  const ws = new WebSocket(`${base.replace("http", "ws")}/api/chats/${chatId}/ws?token=${benchToken(index)}`, { perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", (err) => reject(new Error(`client ${index} could not connect: ${err.message}`)));
  });
  ws.on("message", (data) => onFrame(index, JSON.parse(data.toString())));
  return { index, ws };
}

/** Sends `count` messages at `rate` per second, round-robin over the clients. */
async function sendAtRate(clients: Client[], rate: number, count: number, idOf: (n: number) => string, onSend: (id: string) => void): Promise<void> {
  const started = performance.now();
  for (let n = 0; n < count; n += 1) {
    const wait = started + (n * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const id = idOf(n);
    onSend(id);
    clients[n % clients.length]!.ws.send(
      JSON.stringify({ type: "chat_message", message_id: id, chat_type: 0, data: { content: { text: `benchmark message ${n}` } } }),
    );
  }
}

async function runScenario(base: string, s: Scenario) {
  const chatId = benchChatId(s.clients);
  const sentAt = new Map<string, number>();
  const ackLatency: number[] = [];
  const receipts = new Map<string, Map<number, number>>(); // message -> client -> count
  const lastReceive = new Map<string, number>();
  const allReceive: number[] = [];
  let duplicates = 0;

  const onFrame = (client: number, frame: any) => {
    const now = performance.now();
    if (frame.type === "chat_ack") {
      const t = sentAt.get(frame.message_id);
      if (t !== undefined && frame.success) ackLatency.push(now - t);
    } else if (frame.type === "message") {
      const id = frame.message.id as string;
      const t = sentAt.get(id);
      if (t === undefined) return;
      const perClient = receipts.get(id) ?? new Map<number, number>();
      const seen = perClient.get(client) ?? 0;
      if (seen > 0) duplicates += 1;
      perClient.set(client, seen + 1);
      receipts.set(id, perClient);
      allReceive.push(now - t);
      lastReceive.set(id, Math.max(lastReceive.get(id) ?? 0, now - t));
    }
  };

  // The first socket makes the room learn its members; then the rest connect 25 at a time.
  const clients: Client[] = [await connect(base, chatId, 0, onFrame)];
  for (let i = 1; i < s.clients; i += 25) {
    const batch = Array.from({ length: Math.min(25, s.clients - i) }, (_, k) => connect(base, chatId, i + k, onFrame));
    clients.push(...(await Promise.all(batch)));
  }
  await new Promise((r) => setTimeout(r, 500));
  // Two seconds of traffic that is not measured: a real room is warm, and so is its JIT.
  await sendAtRate(
    clients,
    s.rate,
    s.rate * 2,
    (n) => `msg_warm_${s.clients}_${n}`,
    () => undefined,
  );
  await new Promise((r) => setTimeout(r, 1000));

  const total = s.rate * s.seconds;
  const started = performance.now();
  await sendAtRate(
    clients,
    s.rate,
    total,
    (n) => `msg_bench_${s.clients}_${n}`,
    (id) => sentAt.set(id, performance.now()),
  );
  const sendSeconds = (performance.now() - started) / 1000;
  // Let the last deliveries arrive.
  const deadline = performance.now() + 10_000;
  const expected = total * s.clients;
  while (performance.now() < deadline && allReceive.length < expected) await new Promise((r) => setTimeout(r, 100));
  for (const c of clients) c.ws.close(1000, "bench done");

  let missing = 0;
  for (const id of sentAt.keys()) missing += s.clients - (receipts.get(id)?.size ?? 0);
  const last = [...lastReceive.values()];
  return {
    clients: s.clients,
    messages: total,
    msgPerSec: total / sendSeconds,
    acked: ackLatency.length,
    ackP50: percentile(ackLatency, 50),
    ackP99: percentile(ackLatency, 99),
    lastP50: percentile(last, 50),
    lastP99: percentile(last, 99),
    anyP99: percentile(allReceive, 99),
    deliveries: allReceive.length,
    expected,
    missing,
    duplicates,
  };
}

/** The chat scenarios against a running app seeded with `chatBenchSeed()`. */
export async function runChatBench(base: string): Promise<void> {
  const rows = [];
  for (const s of SCENARIOS.filter((x) => ONLY === null || x.clients === ONLY)) {
    console.log(`\n▶ ${s.clients} clients, ${s.rate} messages/s for ${s.seconds} s`);
    const r = await runScenario(base, s);
    rows.push(r);
    console.log(
      `  sent ${r.messages} at ${r.msgPerSec.toFixed(1)} msg/s; acked ${r.acked}\n` +
        `  send→ack        p50 ${ms(r.ackP50)}  p99 ${ms(r.ackP99)}\n` +
        `  send→last recv  p50 ${ms(r.lastP50)}  p99 ${ms(r.lastP99)}   (any receiver p99 ${ms(r.anyP99)})\n` +
        `  deliveries ${r.deliveries}/${r.expected}, missing ${r.missing}, duplicates ${r.duplicates} → ${r.missing === 0 && r.duplicates === 0 ? "every message delivered exactly once" : "NOT exactly once"}`,
    );
  }
  console.log("\nclients | msg/s | ack p50 | ack p99 | last p50 | last p99 | exactly once");
  for (const r of rows) {
    console.log(
      `${r.clients} | ${r.msgPerSec.toFixed(1)} | ${ms(r.ackP50)} | ${ms(r.ackP99)} | ${ms(r.lastP50)} | ${ms(r.lastP99)} | ${r.missing === 0 && r.duplicates === 0 ? "yes" : `no (missing ${r.missing}, dup ${r.duplicates})`}`,
    );
  }
}
