// The benchmark's clients, spread over worker threads (bench/client-thread.ts): one Node thread
// cannot parse 20,000 frames a second and still time them fairly, so each thread holds a share
// of the sockets. The main thread only gives orders and merges what the threads saw.
import { Worker } from "node:worker_threads";
import { epochNow, type ClientSpec, type FromThread, type SendPlan, type ThreadRound, type ToThread } from "./client-protocol.ts";

/** Sockets opened at once per thread. */
const CONNECT_BATCH = 25;

/** What every thread saw of one round, merged. */
export interface Round {
  sent: Map<string, number>;
  acked: Map<string, number>;
  deliveries: Map<string, { clients: number[]; at: number[] }>;
  /** Deliveries that came inside a `messages` frame. */
  batched: number;
  sendSlip: number[];
  /** Per thread: event-loop utilisation (0…1) and event-loop delay p99 (ms). */
  threads: { utilisation: number; loopDelayP99: number }[];
  /** Sockets that closed unasked by the end of the round. */
  dropped: number;
  /** The end of the settle time: what arrived after it came late. */
  deadline: number;
}

class ClientThread {
  private readonly worker = new Worker(new URL("./client-thread.ts", import.meta.url));
  private waiting: ((message: FromThread) => void) | null = null;

  constructor() {
    this.worker.on("message", (message: FromThread) => this.waiting?.(message));
  }

  ask(message: ToThread): Promise<FromThread> {
    return new Promise((resolve, reject) => {
      this.waiting = (answer) => {
        this.waiting = null;
        if (answer.kind === "error") reject(new Error(answer.message));
        else resolve(answer);
      };
      this.worker.postMessage(message);
    });
  }

  terminate(): Promise<number> {
    return this.worker.terminate();
  }
}

export class ClientPool {
  readonly clients: ClientSpec[];
  private readonly threads: ClientThread[];
  /** Which thread holds each client's socket. */
  private readonly owner: number[];

  private constructor(clients: ClientSpec[], threads: ClientThread[], owner: number[]) {
    this.clients = clients;
    this.threads = threads;
    this.owner = owner;
  }

  /**
   * Connects every client. The first client of each chat connects before the rest, so each room
   * learns its member list once; then every thread opens its share in batches.
   */
  static async open(base: string, clients: ClientSpec[], threadCount: number): Promise<ClientPool> {
    const threads = Array.from({ length: Math.max(1, Math.min(threadCount, clients.length)) }, () => new ClientThread());
    const owner = clients.map((_, i) => i % threads.length);
    const pool = new ClientPool(clients, threads, owner);
    await Promise.all(threads.map((t, k) => t.ask({ kind: "init", base, clients, mine: owner.flatMap((o, i) => (o === k ? [i] : [])) })));
    const firsts = new Set([...new Map(clients.map((c, i) => [c.chatId, i] as const)).values()].sort((a, b) => a - b));
    await pool.connect((i) => firsts.has(i));
    await pool.connect((i) => !firsts.has(i));
    return pool;
  }

  private async connect(which: (index: number) => boolean): Promise<void> {
    await Promise.all(
      this.threads.map((t, k) =>
        t.ask({ kind: "connect", indices: this.clients.flatMap((_, i) => (this.owner[i] === k && which(i) ? [i] : [])), batch: CONNECT_BATCH }),
      ),
    );
  }

  /**
   * Sends one round on schedule and waits for its deliveries, at most `settleMs` after the last
   * send. Without `startAt` the round starts a moment ahead, so every thread has the plan in time.
   */
  async round(plan: Omit<SendPlan, "startAt"> & { startAt?: number }, settleMs = 10_000): Promise<Round> {
    const full: SendPlan = { ...plan, startAt: plan.startAt ?? epochNow() + 300 };
    await Promise.all(this.threads.map((t) => t.ask({ kind: "send", plan: full })));
    const deadline = epochNow() + settleMs;
    const answers = await Promise.all(this.threads.map((t) => t.ask({ kind: "drain", deadline })));
    return merge(
      answers.map((a) => (a as { round: ThreadRound }).round),
      deadline,
    );
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map((t) => t.ask({ kind: "close" })));
    // Let the close frames go out before the threads end.
    await new Promise((r) => setTimeout(r, 500));
    await Promise.all(this.threads.map((t) => t.terminate()));
  }
}

function merge(rounds: ThreadRound[], deadline: number): Round {
  const deliveries = new Map<string, { clients: number[]; at: number[] }>();
  for (const r of rounds) {
    for (const [id, d] of r.deliveries) {
      const into = deliveries.get(id);
      if (into) {
        into.clients.push(...d.clients);
        into.at.push(...d.at);
      } else deliveries.set(id, d);
    }
  }
  return {
    sent: new Map(rounds.flatMap((r) => r.sent)),
    acked: new Map(rounds.flatMap((r) => r.acked)),
    deliveries,
    batched: rounds.reduce((sum, r) => sum + r.batched, 0),
    sendSlip: rounds.flatMap((r) => r.sendSlip),
    threads: rounds.map((r) => ({ utilisation: r.utilisation, loopDelayP99: r.loopDelayP99 })),
    dropped: rounds.reduce((sum, r) => sum + r.dropped, 0),
    deadline,
  };
}
