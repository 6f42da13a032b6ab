// `npm run bench`: starts the app as `npm start` does (fresh state, the scripted model as its
// provider) and runs the chat and agent benchmarks against it. BENCH_ONLY=size|chat|mirror|agent|workspace|coding|search
// runs one part; size (the first page, from the build) and search (the shard's SQL module) need no app.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launchApp } from "../scripts/launch.ts";
import { startFakeLlmThread } from "../tests/fakes/fake-llm.ts";
import { AGENT_MEMBERS, runAgentBench } from "./agent.ts";
import { CHAT_SIZES, runChatBench } from "./chat.ts";
import { MIRROR_PER_ROOM, MIRROR_ROOMS, runMirrorBench } from "./mirror.ts";
import { benchFirstPage } from "./first-page.ts";
import { runCodingBench } from "./coding.ts";
import { runSearchBench } from "./search.ts";
import { runWorkspaceBench } from "./workspace.ts";
import { agentSeedSql, benchSeedSql, mirrorSeedSql } from "./seed.ts";
import { BENCH_WRANGLER_ENV } from "./floor-launch.ts";
import { enableGcTrace, serverOutput } from "./server-output.ts";

const PORT = Number(process.env.BENCH_PORT ?? 8797);
const ONLY = process.env.BENCH_ONLY;
/**
 * BENCH_JOBS_APART=1 runs the app's queue consumer in a workerd of its own (npm start's JOBS_APART,
 * scripts/dev-config.ts), as Cloudflare runs it: then a chat room's figures hold only what the room
 * itself costs. The server CPU figure still counts both workerds. Chat only: the mirror benchmark
 * reads the app's D1, which that consumer no longer writes.
 */
const JOBS_APART = process.env.BENCH_JOBS_APART === "1";

async function main() {
  if (JOBS_APART && ONLY !== "chat") throw new Error("BENCH_JOBS_APART=1 needs BENCH_ONLY=chat");
  if (!ONLY || ONLY === "size") benchFirstPage();
  if (ONLY === "size") return;
  if (!ONLY || ONLY === "search") await runSearchBench();
  if (ONLY === "search") return;
  const dir = mkdtempSync(join(tmpdir(), "teamchat-bench-"));
  const seedFile = join(dir, "bench.sql");
  writeFileSync(
    seedFile,
    benchSeedSql(Math.max(...CHAT_SIZES, MIRROR_ROOMS * MIRROR_PER_ROOM), CHAT_SIZES) +
      mirrorSeedSql(MIRROR_ROOMS, MIRROR_PER_ROOM) +
      agentSeedSql(AGENT_MEMBERS),
  );
  enableGcTrace();
  const llm = await startFakeLlmThread();
  console.log("Starting the app for the benchmark (fresh local state)…");
  const app = await launchApp({
    port: PORT,
    stateDir: join(dir, "state"),
    onOutput: serverOutput("app"),
    env: {
      ...BENCH_WRANGLER_ENV,
      EXTRA_SEED_SQL: seedFile,
      SKIP_BUILD: "1",
      ANTHROPIC_API_KEY: "bench",
      ANTHROPIC_BASE_URL: `${llm.url}/v1`,
      ...(JOBS_APART ? { JOBS_APART: "1" } : {}),
    },
  });
  try {
    if (!ONLY || ONLY === "chat") await runChatBench(app.url);
    if (!ONLY || ONLY === "mirror") await runMirrorBench(app.url, join(dir, "state"));
    if (!ONLY || ONLY === "agent") await runAgentBench(app.url, llm);
    if (!ONLY || ONLY === "workspace") await runWorkspaceBench(app.url);
    if (!ONLY || ONLY === "coding") await runCodingBench(app.url, llm);
  } finally {
    await app.stop();
    await llm.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
