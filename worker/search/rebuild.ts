import type { Env } from "../env";
import { roomStub } from "../rooms/stubs";
import { advancePlan, indexMessages, nextPlanned, type SqlExec } from "./shard-sql";

/** Messages asked of a room at a time while rebuilding. */
export const REBUILD_PAGE = 100;
/** Messages one alarm run indexes before it hands over to the next run (CPU time per event is limited). */
export const REBUILD_STEP = 2000;

/**
 * One step of a rebuild: reads the planned chats' messages from their rooms, page by page, and
 * indexes them, until `budget` messages are done or the plan is empty. Returns whether chats remain.
 * Progress is saved after every page, so a failed or evicted run goes on where it stopped.
 */
export async function rebuildStep(db: SqlExec, env: Env, budget = REBUILD_STEP): Promise<boolean> {
  let done = 0;
  while (done < budget) {
    const next = nextPlanned(db);
    if (!next) return false;
    const page = await roomStub(env, next.chatId).searchExport(next.afterSeq, REBUILD_PAGE);
    indexMessages(
      db,
      page.map((m) => ({ ...m, chatId: next.chatId })),
    );
    const last = page.at(-1)?.seq ?? next.afterSeq;
    advancePlan(db, next.chatId, last, page.length < REBUILD_PAGE);
    done += Math.max(1, page.length);
  }
  return nextPlanned(db) !== null;
}
