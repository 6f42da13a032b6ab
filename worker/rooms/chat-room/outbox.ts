import { chunkBySize } from "../../lib/chunk-by-size";
import type { RoomStore } from "./store";
import { MIRROR_BATCH, MIRROR_DELAY_MS, toMirrorItem, type MirrorItem } from "./mirror";

/** Queue messages are limited to 128 KB; jobs stay well below it. */
const JOB_MAX_BYTES = 96 * 1024;

/**
 * Sends the messages the mirror has not had to the queue, then moves the watermark past them. If
 * sending throws, nothing moves and the next flush (the timer's or the alarm's) sends them again, so
 * the mirror may see a message twice (its consumer is idempotent) but never misses one. Returns
 * whether more remain.
 */
export async function flushMirror(store: RoomStore, queue: Queue<unknown>, chatId: string, orgId: string): Promise<boolean> {
  const pending = store.mirrorPending(MIRROR_BATCH);
  const items = [...pending.late, ...pending.fresh].map(toMirrorItem);
  for (const messages of chunkBySize(items, (item) => item.content.length * 3 + 300, JOB_MAX_BYTES))
    await queue.send({ type: "mirror_messages", chatId, orgId, messages });
  store.mirrorSent(pending.late, pending.through);
  return pending.more;
}

/** When the alarm rings behind the timer: it only flushes what an evicted room or a failed send left. */
export const MIRROR_BACKSTOP_MS = 10_000;

export interface MirrorTimerIo {
  /** One flush (flushMirror with the room's store and queue); true when more remain. */
  flush(): Promise<boolean>;
  alarmBy(at: number): Promise<void>;
  waitUntil(work: Promise<unknown>): void;
}

/**
 * Flushes the mirror from an in-memory timer half a second after a message, one flush at a time.
 * The alarm stays the durable backstop (a room evicted before its timer rang, a send that threw),
 * written at most once per backstop period. Ringing the alarm for every flush meant writing the
 * next alarm twice a second, a stall of about 15 ms each time in workerd that every message
 * arriving meanwhile waited behind: most of the busy room's p99 over the bare object's.
 */
export class MirrorTimer {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<boolean> = Promise.resolve(false);
  /** The backstop alarm the running timer's first message asked for: it covers every message until the timer or the alarm rings. */
  private backstop: Promise<void> | null = null;

  constructor(private readonly io: MirrorTimerIo) {}

  /**
   * A message waits for the mirror: flush within the delay, and make sure the backstop alarm is set.
   * While a timer runs, the alarm its first message made sure of rings before this one's would
   * have to (it was asked for earlier), so a busy room asks for it once a flush, not once a message.
   */
  schedule(delayMs = MIRROR_DELAY_MS): Promise<void> {
    if (this.timer !== null && this.backstop) return this.backstop;
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.io.waitUntil(this.fromTimer());
    }, delayMs);
    // A backstop that could not be set is asked for again by the next message.
    const backstop = this.io.alarmBy(Date.now() + MIRROR_BACKSTOP_MS).catch((error: unknown) => {
      if (this.backstop === backstop) this.backstop = null;
      throw error;
    });
    this.backstop = backstop;
    return backstop;
  }

  /** The alarm rang (or was deleted): the next message asks for a backstop again. */
  alarmGone(): void {
    this.backstop = null;
  }

  /** Flushes after any flush already running (the timer's and the alarm's never overlap); true when more remain. */
  flushNow(): Promise<boolean> {
    const next = this.running.catch(() => false).then(() => this.io.flush());
    this.running = next;
    return next;
  }

  private async fromTimer(): Promise<void> {
    try {
      if (await this.flushNow()) await this.schedule(0);
    } catch (error) {
      // Nothing was marked: the backstop alarm sends it again.
      console.error("chat room: mirror flush failed; the alarm retries", error);
    }
  }
}
