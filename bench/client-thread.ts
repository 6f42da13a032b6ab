// A client thread of the benchmark: holds some of the clients' sockets, sends their share of each
// round on schedule, and records every frame of the round it receives. Several threads split a
// large room's sockets, so the client process is not what the benchmark measures.
import { monitorEventLoopDelay, performance as perf } from "node:perf_hooks";
import { parentPort } from "node:worker_threads";
import WebSocket from "ws";
import { epochNow, type ClientSpec, type FromThread, type SendPlan, type ThreadRound, type ToThread } from "./client-protocol.ts";
import { benchToken } from "./seed.ts";

const port = parentPort!;
const reply = (message: FromThread) => port.postMessage(message);

let base = "";
let clients: ClientSpec[] = [];
let mine: number[] = [];
const sockets = new Map<number, WebSocket>();
/** Sockets that closed without being asked to (a server restart, a refused frame): a round with any is suspect. */
let dropped = 0;
let closing = false;

interface Round {
  plan: SendPlan;
  sent: [string, number][];
  sendSlip: number[];
  acked: [string, number][];
  deliveries: Map<string, { clients: number[]; at: number[] }>;
  batched: number;
  count: number;
  expected: number;
  elu: ReturnType<typeof perf.eventLoopUtilization>;
  delay: ReturnType<typeof monitorEventLoopDelay>;
}
let round: Round | null = null;
let onDelivery: (() => void) | null = null;
/** When this thread last got a frame of the round: after the settle time, a round ends once its stream goes quiet. */
let lastFrameAt = 0;

/**
 * After the settle time a round still listens until nothing of it arrived for this long (at most
 * LATE_CAP_MS more), so a message that comes late counts as late, and only one that never comes
 * as missing: an overloaded room is slow, a room that drops a frame is wrong.
 */
const QUIET_MS = 5000;
const LATE_CAP_MS = 120_000;

function onFrame(client: number, data: WebSocket.RawData): void {
  const at = epochNow();
  // Parsed whole, as a real client does.
  const frame = JSON.parse(data.toString());
  if (!round) return;
  lastFrameAt = at;
  if (frame.type === "chat_ack") {
    if (frame.success && frame.message_id.startsWith(round.plan.prefix)) round.acked.push([frame.message_id, at]);
  } else if (frame.type === "message") {
    delivered(client, frame.message.id as string, at);
  } else if (frame.type === "messages") {
    for (const message of frame.messages as { id: string }[]) {
      if (delivered(client, message.id, at)) round.batched += 1;
    }
  }
}

/** Records one delivery of this round's message `id`; false for another round's. */
function delivered(client: number, id: string, at: number): boolean {
  if (!round || !id.startsWith(round.plan.prefix)) return false;
  let record = round.deliveries.get(id);
  if (!record) round.deliveries.set(id, (record = { clients: [], at: [] }));
  record.clients.push(client);
  record.at.push(at);
  round.count += 1;
  if (round.count >= round.expected) onDelivery?.();
  return true;
}

async function connectOne(index: number): Promise<void> {
  const spec = clients[index]!;
  // `frames=batch` is ROOM_BATCH_QUERY (contract/frames-room.ts), spelt out: Node cannot load the
  // contract's extensionless imports at run time. The web app asks the same; the floor ignores it.
  const ws = new WebSocket(`${base.replace("http", "ws")}/api/chats/${spec.chatId}/ws?token=${benchToken(spec.user)}&frames=batch`, {
    perMessageDeflate: false,
  });
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", (err) => reject(new Error(`client ${index} could not connect: ${err.message}`)));
  });
  ws.on("message", (data) => onFrame(index, data));
  ws.on("close", () => {
    if (!closing) dropped += 1;
  });
  sockets.set(index, ws);
}

async function connect(indices: number[], batch: number): Promise<void> {
  for (let i = 0; i < indices.length; i += batch) await Promise.all(indices.slice(i, i + batch).map(connectOne));
}

/** Deliveries this thread's clients should get in a round: every message to each of them in its chat. */
function expectedDeliveries(plan: SendPlan): number {
  const perChat = new Map<string, number>();
  for (const i of mine) perChat.set(clients[i]!.chatId, (perChat.get(clients[i]!.chatId) ?? 0) + 1);
  let expected = 0;
  for (let n = 0; n < plan.count; n += 1) expected += perChat.get(clients[n % clients.length]!.chatId) ?? 0;
  return expected;
}

async function send(plan: SendPlan): Promise<void> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  round = {
    plan,
    sent: [],
    sendSlip: [],
    acked: [],
    deliveries: new Map(),
    batched: 0,
    count: 0,
    expected: expectedDeliveries(plan),
    elu: perf.eventLoopUtilization(),
    delay,
  };
  const own = new Set(mine);
  for (let n = 0; n < plan.count; n += 1) {
    const client = n % clients.length;
    if (!own.has(client)) continue;
    const due = plan.startAt + (n * 1000) / plan.rate;
    const wait = due - epochNow();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const id = `${plan.prefix}${n}`;
    const at = epochNow();
    round.sent.push([id, at]);
    round.sendSlip.push(Math.max(0, at - due));
    sockets.get(client)!.send(JSON.stringify({ type: "chat_message", message_id: id, chat_type: 0, data: { content: { text: `${plan.text} ${n}` } } }));
  }
}

/** Resolves when every expected delivery came, or at `until`. */
async function deliveriesBy(r: Round, until: number): Promise<void> {
  if (r.count >= r.expected) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, Math.max(0, until - epochNow()));
    onDelivery = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  onDelivery = null;
}

async function drain(deadline: number): Promise<ThreadRound> {
  const r = round!;
  await deliveriesBy(r, deadline);
  const cap = deadline + LATE_CAP_MS;
  while (r.count < r.expected && epochNow() < cap && epochNow() - lastFrameAt < QUIET_MS) {
    await deliveriesBy(r, Math.min(cap, lastFrameAt + QUIET_MS));
  }
  r.delay.disable();
  const result: ThreadRound = {
    sent: r.sent,
    sendSlip: r.sendSlip,
    acked: r.acked,
    deliveries: [...r.deliveries],
    batched: r.batched,
    utilisation: perf.eventLoopUtilization(r.elu).utilization,
    loopDelayP99: r.delay.percentile(99) / 1e6,
    dropped,
  };
  round = null;
  return result;
}

port.on("message", (message: ToThread) => {
  const run = async (): Promise<FromThread> => {
    switch (message.kind) {
      case "init":
        ({ base, clients, mine } = message);
        return { kind: "ready" };
      case "connect":
        await connect(message.indices, message.batch);
        return { kind: "connected" };
      case "send":
        await send(message.plan);
        return { kind: "sent" };
      case "drain":
        return { kind: "drained", round: await drain(message.deadline) };
      case "close":
        closing = true;
        for (const ws of sockets.values()) ws.close(1000, "bench done");
        sockets.clear();
        return { kind: "ready" };
    }
  };
  run().then(reply, (err: unknown) => reply({ kind: "error", message: err instanceof Error ? err.message : String(err) }));
});
