// What the benchmark's main thread and its client threads (bench/client-thread.ts) say to each
// other. Times are milliseconds since the epoch with sub-millisecond precision
// (`performance.timeOrigin + performance.now()`), comparable across threads.

/** One benchmark client: a bench user (bench/seed.ts) with a socket to one chat. */
export interface ClientSpec {
  user: number;
  chatId: string;
}

/** One round of messages: message n is sent by client n % clients.length at startAt + n / rate. */
export interface SendPlan {
  /** Message ids are `${prefix}${n}` (the prefix ends with "_"); only frames of this round are recorded. */
  prefix: string;
  /** The text is `${text} ${n}`. */
  text: string;
  rate: number;
  count: number;
  startAt: number;
}

export type ToThread =
  | { kind: "init"; base: string; clients: ClientSpec[]; mine: number[] }
  | { kind: "connect"; indices: number[]; batch: number }
  | { kind: "send"; plan: SendPlan }
  | { kind: "drain"; deadline: number }
  | { kind: "close" };

/** What one thread saw of a round. */
export interface ThreadRound {
  /** Message ids this thread sent, with when. */
  sent: [string, number][];
  /** How late each send left against its schedule (ms): the client's own lag. */
  sendSlip: number[];
  acked: [string, number][];
  /** Per message id: the receiving clients (one entry per delivery, duplicates included) and when. */
  deliveries: [string, { clients: number[]; at: number[] }][];
  /** Of those, how many came inside a `messages` frame (the room's batch under a backlog). */
  batched: number;
  /** Event-loop utilisation of the thread while the round ran (0…1): near 1 means saturated. */
  utilisation: number;
  /** 99th percentile of the thread's event-loop delay while the round ran (ms). */
  loopDelayP99: number;
  /** Sockets of this thread that closed unasked so far. */
  dropped: number;
}

export type FromThread =
  { kind: "ready" } | { kind: "connected" } | { kind: "sent" } | { kind: "drained"; round: ThreadRound } | { kind: "error"; message: string };

export const epochNow = () => performance.timeOrigin + performance.now();
