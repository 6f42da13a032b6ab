// Agent part of `npm run bench`: how much the product adds between the model's first byte and the
// first chunk on a member's socket (time-to-first-token overhead), and how many replies one room
// streams at once. The model is the scripted fake (tests/fakes/fake-llm.ts) in a worker thread of
// this process: both clocks are the same, and streaming a hundred replies does not delay this
// thread, which timestamps the frames arriving on the members' sockets. The thread's own
// event-loop delay is still printed beside the numbers, as its lateness adds to every figure.
import { readFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type WebSocket from "ws";
import type { FakeLlm } from "../tests/fakes/fake-llm.ts";
import { connect } from "./chat.ts";
import { AGENT_CHAT } from "./seed.ts";
import { ms, percentile } from "./stats.ts";

/** Members with a socket open in the agent room: the owner asks, everyone watches. */
export const AGENT_MEMBERS = 100;
const SEQUENTIAL_REQUESTS = 30;
const CONCURRENCY = [10, 50, 100];
/** Rounds of the largest case: it is the one the target is about, and one round is noisy. */
const LARGEST_ROUNDS = 3;
/**
 * The scripted model answers at once unless told otherwise; a real one takes a while to its first
 * token (Claude: about half a second to a few seconds). At once is the worst case for the room: the
 * first bytes of the first replies land while it is still taking the other requests.
 */
const REAL_FIRST_TOKEN_MS = 500;

interface Watch {
  firstChunkAt: Map<string, Map<number, number>>; // reply message id → socket → first chunk time
  doneAt: Map<string, number>; // request id → chat_done on the asker's socket
  replyOf: Map<string, string>; // reply message id → request id
}

/** The first chunk of a request's reply on each socket. A reply's first chunk may come before its stored row (and so before we know its request). */
function firstChunks(watch: Watch, requestId: string): Map<number, number> | undefined {
  for (const [reply, request] of watch.replyOf) if (request === requestId) return watch.firstChunkAt.get(reply);
  return undefined;
}

function watcher(): { watch: Watch; onFrame: (client: number, frame: any) => void } {
  const watch: Watch = { firstChunkAt: new Map(), doneAt: new Map(), replyOf: new Map() };
  const onFrame = (client: number, frame: any) => {
    const now = Date.now();
    if (frame.type === "message" && frame.message.messageType === "ai_response") watch.replyOf.set(frame.message.id, frame.message.replyToMessageId);
    if (frame.type === "streaming_message") {
      const seen = watch.firstChunkAt.get(frame.message_id) ?? new Map<number, number>();
      if (!seen.has(client)) seen.set(client, now);
      watch.firstChunkAt.set(frame.message_id, seen);
    }
    if (frame.type === "chat_done" && frame.message_id) {
      const request = watch.replyOf.get(frame.message_id);
      if (request) watch.doneAt.set(request, now);
    }
  };
  return { watch, onFrame };
}

function askFrame(id: string, text: string, chatType: 1 | 2) {
  return { type: "chat_message", message_id: id, chat_type: chatType, message_type: "user_request", data: { content: { text } } };
}

async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

/** The fake's first byte for each request, matched by the request's text (ids never reach the model). */
function firstBytes(llm: FakeLlm, from: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of llm.requests.slice(from)) {
    const tag = /#(\S+)/.exec(r.lastUser)?.[1];
    if (tag && r.firstByteAt) out.set(tag, r.firstByteAt);
  }
  return out;
}

/**
 * CPU time (ms) the app's workerd processes (children of this process) have used, on Linux: on a
 * shared machine latency stretches with everyone else's load, the work done does much less.
 */
function workerdCpuMs(): number | null {
  const children = (pid: number): number[] => {
    try {
      const kids = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
      return kids.flatMap((kid) => [kid, ...children(kid)]);
    } catch {
      return [];
    }
  };
  let total = 0;
  let found = false;
  for (const pid of children(process.pid)) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() !== "workerd") continue;
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      total += (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in 10 ms ticks
      found = true;
    } catch {
      // the process ended meanwhile
    }
  }
  return found ? total : null;
}

const pcts = (values: number[]) => `p50 ${ms(percentile(values, 50))}  p95 ${ms(percentile(values, 95))}  p99 ${ms(percentile(values, 99))}`;

async function sequential(sockets: WebSocket[], watch: Watch, llm: FakeLlm): Promise<{ overhead: number[]; worst: number[] }> {
  const from = llm.requests.length;
  const ids: string[] = [];
  for (let n = 0; n < SEQUENTIAL_REQUESTS; n += 1) {
    const id = `msg_ttft_${n}_${Date.now()}`;
    ids.push(id);
    sockets[0]!.send(JSON.stringify(askFrame(id, `#${id} how are you?`, 1)));
    await until(() => watch.doneAt.has(id), 10_000);
  }
  const bytes = firstBytes(llm, from);
  const overhead: number[] = [];
  const worst: number[] = [];
  for (const id of ids) {
    const first = bytes.get(id);
    const chunks = [...(firstChunks(watch, id)?.values() ?? [])];
    if (first === undefined || chunks.length === 0) continue;
    overhead.push(...chunks.map((t) => t - first));
    worst.push(Math.max(...chunks) - first);
  }
  return { overhead, worst };
}

/**
 * `replies` members ask at once. A room runs one reply per stream: the owner asks the team agent
 * (every member watches that one), the others ask in their own ask-only rooms (only the asker sees
 * those). The overhead is taken on the asker's own socket, once per request.
 */
async function concurrent(sockets: WebSocket[], watch: Watch, llm: FakeLlm, replies: number, firstTokenMs: number) {
  const from = llm.requests.length;
  const ids = Array.from({ length: replies }, (_, i) => `msg_conc_${replies}_${i}_${Date.now()}`);
  const askerOf = (i: number) => i % sockets.length;
  const started = Date.now();
  const cpuBefore = workerdCpuMs();
  const wait = firstTokenMs ? ` [ttft:${firstTokenMs}]` : "";
  ids.forEach((id, i) => sockets[askerOf(i)]!.send(JSON.stringify(askFrame(id, `#${id} explain it please${wait}`, i === 0 ? 1 : 2))));
  await until(() => ids.every((id) => watch.doneAt.has(id)), 60_000);
  const bytes = firstBytes(llm, from);
  const asker: number[] = [];
  const team: number[] = [];
  ids.forEach((id, i) => {
    const first = bytes.get(id);
    const seen = firstChunks(watch, id);
    if (first === undefined || !seen) return;
    const own = seen.get(askerOf(i));
    if (own !== undefined) asker.push(own - first);
    if (i === 0) team.push(...[...seen.values()].map((t) => t - first));
  });
  const completed = ids.filter((id) => watch.doneAt.has(id)).length;
  const wall = Math.max(...ids.map((id) => watch.doneAt.get(id) ?? started)) - started;
  const cpuAfter = workerdCpuMs();
  const cpu = cpuBefore === null || cpuAfter === null ? NaN : cpuAfter - cpuBefore;
  return { replies, completed, asker, team, wall, cpu };
}

export async function runAgentBench(base: string, llm: FakeLlm): Promise<void> {
  const { watch, onFrame } = watcher();
  const clients = [];
  clients.push(await connect(base, AGENT_CHAT, 0, onFrame));
  for (let i = 1; i < AGENT_MEMBERS; i += 25) {
    clients.push(...(await Promise.all(Array.from({ length: Math.min(25, AGENT_MEMBERS - i) }, (_, k) => connect(base, AGENT_CHAT, i + k, onFrame)))));
  }
  const sockets = clients.map((c) => c.ws);
  // Warm-up: the room, the provider client and the JIT.
  await sequential(sockets, watch, llm);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();

  console.log(`\n▶ Agent: ${SEQUENTIAL_REQUESTS} requests one after another, ${AGENT_MEMBERS} members watching`);
  const seq = await sequential(sockets, watch, llm);
  console.log(`  model first byte → first chunk on a member socket   ${pcts(seq.overhead)}`);
  console.log(`  model first byte → first chunk on the last socket   ${pcts(seq.worst)}`);

  const largest = Math.max(...CONCURRENCY);
  const scenarios = [
    { title: "the model answers at once", firstTokenMs: 0, sizes: CONCURRENCY },
    { title: `the model's first token after ${REAL_FIRST_TOKEN_MS} ms`, firstTokenMs: REAL_FIRST_TOKEN_MS, sizes: [largest] },
  ];
  console.log(`\nconcurrent replies (1 team + ask-only) | completed | overhead on the asker's socket | wall time | workerd CPU`);
  for (const { title, firstTokenMs, sizes } of scenarios) {
    console.log(`  ${title}:`);
    for (const n of sizes) {
      for (let round = 0; round < (n === largest ? LARGEST_ROUNDS : 1); round += 1) {
        const r = await concurrent(sockets, watch, llm, n, firstTokenMs);
        console.log(`${r.replies} | ${r.completed} | ${pcts(r.asker)} | ${ms(r.wall)} | ${ms(r.cpu)}`);
        if (n === largest) console.log(`   the team reply on all ${AGENT_MEMBERS} sockets meanwhile: ${pcts(r.team)}`);
      }
    }
  }
  loop.disable();
  console.log(`  (this benchmark process's event-loop delay meanwhile: p99 ${ms(loop.percentile(99) / 1e6)})`);
  for (const c of clients) c.ws.close(1000, "bench done");
}
