import type { RoomStore } from "./store";
import { MIRROR_BATCH, toMirrorItem, type MirrorItem } from "./mirror";

/** Queue messages are limited to 128 KB; jobs stay well below it. */
const JOB_MAX_BYTES = 96 * 1024;
/** The search index does not need a whole novel; long texts are cut for the mirror only. */
export const MIRROR_TEXT_MAX = 4000;

function chunk(items: MirrorItem[]): MirrorItem[][] {
  const jobs: MirrorItem[][] = [];
  let current: MirrorItem[] = [];
  let size = 0;
  for (const item of items) {
    const bytes = item.content.length * 3 + 300;
    if (current.length && size + bytes > JOB_MAX_BYTES) {
      jobs.push(current);
      current = [];
      size = 0;
    }
    current.push(item);
    size += bytes;
  }
  if (current.length) jobs.push(current);
  return jobs;
}

/**
 * Sends unmirrored messages to the queue, then marks them. If sending throws, nothing is marked
 * and the alarm is retried, so the mirror may see a message twice (its consumer is idempotent)
 * but never misses one. Returns whether more remain.
 */
export async function flushMirror(store: RoomStore, queue: Queue<unknown>, chatId: string, orgId: string): Promise<boolean> {
  const rows = store.unmirrored(MIRROR_BATCH);
  if (rows.length === 0) return false;
  const items = rows.map((r) => ({ ...toMirrorItem(r), content: r.content.slice(0, MIRROR_TEXT_MAX) }));
  for (const messages of chunk(items)) await queue.send({ type: "mirror_messages", chatId, orgId, messages });
  store.markMirrored(rows[rows.length - 1]!.seq);
  return rows.length === MIRROR_BATCH;
}
