import { beforeAll, describe, expect, inject, it } from "vitest";
import { call } from "../helpers";
import { ackOf, connect, wholeHistory } from "../chat-helpers";
import { chatMessage } from "../socket-helpers";
import { requiredSchemaCoverage, type FuzzRequest, type Planned } from "./fuzz-corpus";
import { plannedRequests, requiredHttpCoverage } from "./fuzz-http-plan";
import { fuzzFrames, plannedFrames, requiredFrameCoverage, type FrameTally } from "./fuzz-frames";
import { fuzzHttp, type Tally } from "./fuzz-run";
import { fuzzSchemas, type SchemaTally } from "./fuzz-schemas";
import { prng } from "./fuzz-values";
import { settledState, storedState } from "./probe";
import { buildWorld, type World } from "./world";
import "./fuzz-knobs";

/**
 * Each test sends its systematic corpus first, then random inputs. The corpus: in-process, every
 * field of every route with an exported schema with every named nasty value its kind can never
 * take (fuzz-corpus.ts); through the Worker, every route with every mutation class that applies to
 * it, every field broken, every named value and class variant at least once (fuzz-http-plan.ts);
 * to the room, every frame type's every field with every value (fuzz-frames.ts). Each test asserts
 * that coverage. Then RUNS seeded random requests and frames (ten times as many schema checks),
 * which combine mutations as the corpus does not: several broken fields, junk keys.
 * `FUZZ_RUNS=50000 npm run test:worker -- security/fuzz` is a deep run.
 */
const RUNS = inject("fuzzRuns");
/** Change it (FUZZ_SEED) to explore other inputs; a failing run is replayed with the same seed. */
const SEED = inject("fuzzSeed");
/** In-process schema checks cost microseconds, requests and frames milliseconds. */
const SCHEMA_RUNS = 10 * RUNS;
const TIMEOUT = 600_000 + 20 * RUNS;

const missing = (required: string[], covered: Set<string>) => required.filter((k) => !covered.has(k));

describe(`fuzz (seed ${SEED}): the corpus, then ${RUNS} random requests, ${RUNS} random frames and ${SCHEMA_RUNS} random schema checks`, () => {
  let w: World;
  let requests: Planned<FuzzRequest>[];
  let frames: ReturnType<typeof plannedFrames>;
  beforeAll(async () => {
    w = await buildWorld();
    const corpusRng = prng(SEED + 3);
    requests = plannedRequests(corpusRng, w);
    frames = plannedFrames(corpusRng, w);
  }, 120_000);

  it(
    "refuses every planned and generated body and frame by the routes' and the room's own schemas, none of which throws",
    () => {
      const tally: SchemaTally = { checked: 0, accepted: [], threw: [], covered: new Set() };
      fuzzSchemas(prng(SEED + 2), w, frames, SCHEMA_RUNS, tally);
      console.log(`fuzz: ${tally.checked} bodies and frames checked against their schemas in-process`);
      expect(tally.threw).toEqual([]);
      expect(tally.accepted).toEqual([]);
      // Every field of every route with a schema met every value its kind can never take.
      expect(missing(requiredSchemaCoverage(w), tally.covered), "coverage the schema check lacks").toEqual([]);
      // Binary and non-JSON frames have no schema to meet; they go to the room in the frame test.
      expect(tally.checked).toBeGreaterThan(SCHEMA_RUNS * 0.9);
    },
    TIMEOUT,
  );

  it(
    "answers every planned and generated request without a 5xx and stores nothing",
    async () => {
      const before = await settledState();
      const tally: Tally = { sent: 0, byStatus: {}, serverErrors: [], accepted: [], transient: [], covered: new Set() };
      const started = Date.now();
      await fuzzHttp(prng(SEED), w, w.alice.token, requests, RUNS, 12, tally);
      console.log(
        `fuzz: ${requests.length} planned and ${RUNS} random HTTP requests in ${Date.now() - started} ms, by status ${JSON.stringify(tally.byStatus)}, ${tally.transient.length} 5xx gone on a quiet replay`,
      );
      expect(tally.serverErrors).toEqual([]);
      expect(tally.accepted).toEqual([]);
      expect(tally.sent).toBe(requests.length + RUNS);
      // Every route met every class and every field every value, whatever RUNS is.
      expect(missing(requiredHttpCoverage(w), tally.covered), "coverage the corpus lacks").toEqual([]);
      // Nothing was valid, so nothing may have changed: not a row, not an object in R2.
      const after = await storedState();
      for (const table of Object.keys(before)) expect(after[table], `stored ${table}`).toEqual(before[table]);
      // Alice is still signed in and everything of hers still answers.
      expect((await call(`/api/group-chats/${w.groupId}`, { method: "GET", token: w.alice.token })).status).not.toBe(401);
    },
    TIMEOUT,
  );

  it(
    "survives every planned and generated room frame: no crash close, no stored message, and the room still works",
    async () => {
      const historyBefore = await wholeHistory(w.alice, w.groupId);
      const tally: FrameTally = { handled: 0, sockets: 0, closes: {}, covered: new Set() };
      const started = Date.now();
      await fuzzFrames(prng(SEED + 1), w, w.groupId, frames, RUNS, 8, tally);
      console.log(
        `fuzz: ${frames.length} planned and ${RUNS} random room frames handled in ${Date.now() - started} ms over ${tally.sockets} sockets, early closes ${JSON.stringify(tally.closes)}`,
      );
      // No socket ended before its proof ack: not by a crash (1011), a drop (1006), a flood close (4008) or silence (0).
      expect(tally.closes).toEqual({});
      expect(tally.handled).toBe(frames.length + RUNS);
      expect(missing(requiredFrameCoverage(w), tally.covered), "coverage the frame corpus lacks").toEqual([]);
      // A real member's message still goes through, and it is the only new one.
      const sock = await connect(w.groupId, w.amy);
      // The room may still be working through the flood: give the ack time.
      const frame = chatMessage("still alive", 0);
      sock.send(frame);
      const ack = await sock.next(ackOf(frame.message_id), 30_000);
      expect(ack.success).toBe(true);
      sock.close();
      const historyAfter = await wholeHistory(w.alice, w.groupId);
      expect(historyAfter.map((m) => m.id)).toEqual([...historyBefore.map((m) => m.id), ack.message_id]);
    },
    TIMEOUT,
  );
});
