import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers";
import { fuzzHttp, type Tally } from "./fuzz-run";
import { prng } from "./fuzz-values";
import { settledState, storedState } from "./probe";
import { buildWorld, type World } from "./world";

/** All generated requests of a run; each shard file sends its share from a seed of its own. */
export const HTTP_COUNT = 50_000;
/**
 * The requests go out in shards, one test file each, so that two workerds (two cores) share them:
 * workerd runs a file's requests on one thread, however many are in flight.
 */
export const HTTP_SHARDS = 2;

/**
 * `HTTP_COUNT / HTTP_SHARDS` generated requests through the Worker's fetch handler (tests/worker/worker-fetch.ts
 * says why not SELF.fetch), from the seeded generator: change `seed` to explore other inputs; a failing run
 * is replayed with the same seed.
 */
export function describeHttpFuzz(seed: number): void {
  const count = HTTP_COUNT / HTTP_SHARDS;
  describe(`fuzz (seed ${seed}): ${count} requests`, () => {
    let w: World;
    beforeAll(async () => {
      w = await buildWorld();
    }, 120_000);

    it("answers every generated request without a 5xx and stores nothing", async () => {
      const before = await settledState();
      const tally: Tally = { sent: 0, byStatus: {}, serverErrors: [], accepted: [], transient: [] };
      const started = Date.now();
      await fuzzHttp(prng(seed), w, w.alice.token, count, 12, tally);
      console.log(
        `fuzz: ${tally.sent} HTTP requests in ${Date.now() - started} ms, by status ${JSON.stringify(tally.byStatus)}, ${tally.transient.length} 5xx gone on a quiet replay`,
      );
      expect(tally.serverErrors).toEqual([]);
      expect(tally.accepted).toEqual([]);
      expect(tally.sent).toBe(count);
      // Nothing was valid, so nothing may have changed: not a row, not an object in R2.
      const after = await storedState();
      for (const table of Object.keys(before)) expect(after[table], `stored ${table}`).toEqual(before[table]);
      // Alice is still signed in and everything of hers still answers.
      expect((await call(`/api/group-chats/${w.groupId}`, { method: "GET", token: w.alice.token })).status).not.toBe(401);
    }, 600_000);
  });
}
