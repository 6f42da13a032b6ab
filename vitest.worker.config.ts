import { mkdtempSync, statfsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { freePort } from "./tests/fakes/free-port.ts";
import { SECRET as SANDBOX_SECRET } from "./tests/sandbox/helpers.ts";
import { FAKE_GITHUB_OAUTH, FAKE_GITHUB_TOKEN } from "./tests/fakes/git-host-accounts.ts";
import { fuzzKnobs } from "./tests/worker/security/fuzz-knobs.ts";
import { workerDependencies } from "./tests/fakes/worker-dependencies.ts";

/**
 * Every file shares one workerd per core (isolate: false) with the files that ran before it there, so
 * it must not assume empty tables. The cron's sweeps count every row and object they remove: those
 * two files start first, each in a workerd nobody wrote to yet (they check that they did). The fuzz
 * run follows; like the cross-tenant grid, it compares the settled stored state before and after.
 */
const FIRST = ["tests/worker/jobs/sweeps.test.ts", "tests/worker/analysis/cleanup.test.ts", "tests/worker/security/fuzz.test.ts"];
/**
 * Then the longest files (seconds of test time on the idle machine, measured 2026-12-05), so no long
 * one is left running alone at the end while the other core idles; the rest follow, shortest last.
 */
const LONGEST = [
  "tests/worker/rooms/bound-lists-d1.test.ts",
  "tests/worker/security/cross-tenant.test.ts",
  "tests/worker/rooms/chat-room-frames.test.ts",
  "tests/worker/api/auth.test.ts",
];

class StartFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = [...FIRST, ...LONGEST].findIndex((name) => f.moduleId.endsWith(name));
      return i < 0 ? FIRST.length + LONGEST.length : i;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * Temporary files of the run (the sandbox host's workspaces and git repositories, the fakes' files,
 * miniflare's) go to memory where Linux offers enough of it: git and SQLite sync every write, and on
 * this machine's disk that alone cost about 20 s of the run (164 s against 141 s, 50 against 39
 * system seconds). A small /dev/shm (Docker's default is 64 MB) is left alone.
 */
function tmpInMemory(): void {
  try {
    const shm = statfsSync("/dev/shm");
    if (shm.bavail * shm.bsize < 2 * 1024 ** 3 || process.env.TEST_SHM_DIR) return;
    process.env.TEST_SHM_DIR = mkdtempSync("/dev/shm/teamchat-tests-");
    process.env.TMPDIR = process.env.TEST_SHM_DIR;
  } catch {
    // No /dev/shm: the disk it is.
  }
}

/**
 * The Worker's dependencies, pre-bundled once into a few files (kept in node_modules/.vite between
 * runs). Each workerd imports its modules one at a time from Vite: better-auth alone brought about 700
 * (kysely, zod's locales, jose), about 1,400 in all, and a run spent some 20 s of its start on them.
 * `node:` and `cloudflare:` modules are workerd's own, never bundled. Bundled, a package resolves as in
 * the deployed Worker (its `browser` build where it has one), so the tests run the code production
 * runs: unbundled, mammoth's Node build read Word files that its browser build, the deployed one, refused.
 */
const preBundled = {
  enabled: true,
  rolldownOptions: { external: [/^node:/, /^cloudflare:/] },
  // Everything the Worker and its tests import, found afresh each run.
  include: workerDependencies(".", ["worker", "contract", "tests/worker"]),
};

// Worker tests run inside workerd with the real D1, R2, Durable Objects and Queues of wrangler.toml.
export default defineConfig(async () => {
  tmpInMemory();
  const migrations = await readD1Migrations("migrations");
  // The scripted model (tests/fakes/fake-llm.ts) listens here for the whole run; Claude models reach
  // it over the Anthropic protocol, the others over the OpenAI-compatible one.
  process.env.FAKE_LLM_PORT ||= String(await freePort());
  const fakeLlm = `http://127.0.0.1:${process.env.FAKE_LLM_PORT}`;
  // A real sandbox host (files, git, PTY) for the coding-workspace tests.
  process.env.WORKER_SANDBOX_PORT ||= String(await freePort());
  // A fake GitLab (/gitlab) and GitHub API (/github) for the repository-import listings.
  process.env.FAKE_GIT_HOSTS_PORT ||= String(await freePort());
  const fakeGitHosts = `http://127.0.0.1:${process.env.FAKE_GIT_HOSTS_PORT}`;
  // The import tests' git daemon (tests/fakes/fixture-repo.ts) listens here.
  process.env.FIXTURE_REPO_PORT ||= String(await freePort());
  // A real SMTP server on loopback for the mail tests (tests/fakes/smtp-server.ts); its mailbox answers over HTTP.
  process.env.FAKE_SMTP_PORT ||= String(await freePort());
  process.env.FAKE_SMTP_HTTP_PORT ||= String(await freePort());
  // The speech service of file analysis (tests/fakes/fake-speech.ts): transcription, speech and transcoding.
  process.env.FAKE_SPEECH_PORT ||= String(await freePort());
  const fakeSpeech = `http://127.0.0.1:${process.env.FAKE_SPEECH_PORT}`;
  const workers = cloudflareTest({
    wrangler: { configPath: "./wrangler.toml" },
    miniflare: {
      // One Worker, as before the rooms had their own (wrangler.rooms.toml): the tests reach into a
      // room's storage (runInDurableObject), which only works for a class of the Worker under test.
      // The API Worker exports the rooms Worker's classes for this; `npm start` and the browser tests run the rooms Worker as deployed.
      durableObjects: {
        CHAT_ROOM: { className: "ChatRoom", useSQLite: true },
        USER_INBOX: { className: "UserInbox", useSQLite: true },
        SEARCH_SHARD: { className: "SearchShard", useSQLite: true },
      },
      // wrangler.toml's ASSETS binding names the SPA's assets-only Worker (wrangler.web.toml); here a
      // stand-in of the same name answers for it, as the SPA fallback would.
      workers: [
        {
          name: "teamchat-web",
          modules: true,
          compatibilityDate: "2026-08-15",
          script: `export default { fetch: () => new Response("<!doctype html><title>Team chat</title>", { headers: { "content-type": "text/html; charset=utf-8" } }) };`,
        },
      ],
      bindings: {
        TEST_MIGRATIONS: migrations,
        BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
        DEV_EMAILS: "dev@example.com",
        // Sign-ups and sign-ins with a cheap password hash instead of scrypt (worker/auth/test-password-hash.ts);
        // the auth tests take it away for their own requests (useRealPasswordHash in tests/worker/worker-fetch.ts).
        TEST_CHEAP_PASSWORD_HASH: "1",
        BETTER_AUTH_URL: "http://localhost",
        FAKE_LLM_URL: fakeLlm,
        ANTHROPIC_API_KEY: "test-anthropic-key",
        ANTHROPIC_BASE_URL: `${fakeLlm}/v1`,
        OPENAI_API_KEY: "test-openai-key",
        OPENAI_BASE_URL: `${fakeLlm}/v1`,
        // Short, for the test of a model that goes silent, yet long enough that a loaded machine's pause
        // between two chunks of a healthy reply is not taken for silence (1.5 s once cut one short).
        AGENT_IDLE_TIMEOUT_MS: "3000",
        SANDBOX_URL: `http://127.0.0.1:${process.env.WORKER_SANDBOX_PORT}`,
        SANDBOX_SECRET,
        FAKE_GIT_HOSTS_URL: fakeGitHosts,
        GITHUB_API_URL: `${fakeGitHosts}/github`,
        GITHUB_TOKEN: FAKE_GITHUB_TOKEN,
        // "Authorize GitHub" against the fake's OAuth app (tests/fakes/github-oauth.ts), which also serves its private repositories.
        GITHUB_OAUTH_URL: `${fakeGitHosts}/github-oauth`,
        GITHUB_CLIENT_ID: FAKE_GITHUB_OAUTH.clientId,
        GITHUB_CLIENT_SECRET: FAKE_GITHUB_OAUTH.clientSecret,
        // Only the loopback fakes (and port 1, where nothing listens) may be reached; every other private address is refused.
        GIT_HOSTS_ALLOW_PRIVATE: `127.0.0.1:${process.env.FAKE_GIT_HOSTS_PORT},127.0.0.1:${process.env.FIXTURE_REPO_PORT},127.0.0.1:1`,
        // Long, so a loaded machine never times out a healthy call to the fakes (1.5 s once failed one on CI);
        // the tests of failed connections pass a short one of their own (tests/worker/api/git-hosts.test.ts).
        GIT_HOSTS_TIMEOUT_MS: "8000",
        // No SMTP_HOST here: outgoing mail waits in the outbox, as in a default deploy, so no test's stored
        // state changes behind its back. The mail tests pass the SMTP settings of the loopback server themselves.
        FAKE_SMTP_PORT: String(process.env.FAKE_SMTP_PORT),
        FAKE_SMTP_URL: `http://127.0.0.1:${process.env.FAKE_SMTP_HTTP_PORT}`,
        FAKE_SPEECH_URL: fakeSpeech,
        SPEECH_URL: `${fakeSpeech}/v1`,
        SPEECH_API_KEY: "test-speech-key",
        SPEECH_TTS_VOICES: "alloy,echo",
      },
    },
  });
  return {
    // One project: each project has a Vite server and transforms the Worker's whole module graph
    // again (about 15 core-seconds), and each workerd imports it again.
    plugins: [workers],
    test: {
      name: "worker",
      include: ["tests/worker/**/*.test.ts"],
      setupFiles: ["tests/worker/setup.ts"],
      isolate: false,
      // Logs of the Worker go straight to workerd's output. Sent through Vitest's channel instead, a log
      // written inside a Durable Object once failed ("Cannot perform I/O on behalf of a different
      // Durable Object") and the run waited forever.
      disableConsoleIntercept: true,
      deps: { optimizer: { ssr: preBundled } },
      // Timeouts for a shared machine: a test that takes seconds on an idle one may take several times that under load.
      testTimeout: 20_000,
      hookTimeout: 60_000,
      // The fuzz run's depth and seed: FUZZ_RUNS=50000 FUZZ_SEED=1 npm run test:worker -- security/fuzz
      provide: fuzzKnobs(process.env),
      // Once for the run: the fakes listen on the ports chosen above.
      globalSetup: ["tests/fakes/global-setup.ts"],
      // Two workerds more than cores: a file spends about a third of its time waiting on timers, sockets
      // and the fakes, which the others fill. On 2 cores with the dependencies pre-bundled: 117 s with
      // four, 130-139 s with three (before pre-bundling: 172 s with two, 144 s with three, 156 s with four).
      maxWorkers: availableParallelism() + 2,
      sequence: { sequencer: StartFirst },
    },
  };
});
