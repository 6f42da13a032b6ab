/**
 * The fuzz run's knobs (tests/worker/security/fuzz.test.ts), read from the environment by
 * vitest.worker.config.ts and handed to the test files with `inject()`.
 */
declare module "vitest" {
  export interface ProvidedContext {
    /** FUZZ_RUNS: how many seeded random requests and frames follow the systematic corpus (which always runs in full). */
    fuzzRuns: number;
    /** FUZZ_SEED: the seed of a run, to explore other inputs or replay a failed run. */
    fuzzSeed: number;
  }
}

/** 1,000 by default; FUZZ_RUNS=50000 is a deep run (the old default: 50,000 requests and 50,000 frames). */
export function fuzzKnobs(vars: Record<string, string | undefined>): { fuzzRuns: number; fuzzSeed: number } {
  return { fuzzRuns: Number(vars.FUZZ_RUNS || 1000), fuzzSeed: Number(vars.FUZZ_SEED || 92_026) };
}
