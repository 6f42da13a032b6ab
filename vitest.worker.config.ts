import { availableParallelism } from "node:os";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { freePort } from "./tests/fakes/free-port.ts";
import { SECRET as SANDBOX_SECRET } from "./tests/sandbox/helpers.ts";
import { FAKE_GITHUB_OAUTH, FAKE_GITHUB_TOKEN } from "./tests/fakes/git-host-accounts.ts";

/**
 * Files that compare the whole stored state before and after, or run the cron sweeps over every row: they get a
 * workerd of their own (isolate: true). Every other file shares one workerd per core with the files
 * that ran before it in that workerd, so it must not assume empty tables.
 */
const OWN_STORAGE = [
  "tests/worker/security/fuzz*.test.ts",
  "tests/worker/jobs/cron.test.ts",
  "tests/worker/jobs/cleanup.test.ts",
  "tests/worker/analysis/cleanup.test.ts",
];

/** The auth tests run with better-auth's own scrypt; every other file with the cheap test hash. */
const REAL_HASH = ["tests/worker/api/auth.test.ts"];

/**
 * The fuzz files take longest by far: started first, they never run alone at the end while the other
 * core idles. The shared files come last, so a shared workerd, once started, serves them all.
 */
class FuzzFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => (f.moduleId.includes("/security/fuzz") ? 0 : f.project.name === "shared" ? 2 : 1);
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

// Worker tests run inside workerd with the real D1, R2, Durable Objects and Queues of wrangler.toml.
export default defineConfig(async () => {
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
  const workers = (cheapPasswordHash: boolean) =>
    cloudflareTest({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: migrations,
          BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
          DEV_EMAILS: "dev@example.com",
          // Sign-ups and sign-ins with a cheap password hash instead of scrypt (worker/auth/test-password-hash.ts).
          ...(cheapPasswordHash ? { TEST_CHEAP_PASSWORD_HASH: "1" } : {}),
          BETTER_AUTH_URL: "http://localhost",
          FAKE_LLM_URL: fakeLlm,
          ANTHROPIC_API_KEY: "test-anthropic-key",
          ANTHROPIC_BASE_URL: `${fakeLlm}/v1`,
          OPENAI_API_KEY: "test-openai-key",
          OPENAI_BASE_URL: `${fakeLlm}/v1`,
          AGENT_IDLE_TIMEOUT_MS: "1500",
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
          GIT_HOSTS_TIMEOUT_MS: "1500",
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
  // Starting a workerd and importing the Worker into it costs seconds; files that allow it share one.
  const project = (
    name: string,
    isolate: boolean,
    files: { include: string[]; exclude?: string[] },
    cheapPasswordHash = true,
  ): TestProjectInlineConfiguration => ({
    plugins: [workers(cheapPasswordHash)],
    // Timeouts for a shared machine: a test that takes seconds on an idle one may take several times that under load.
    test: { name, ...files, setupFiles: ["tests/worker/setup.ts"], isolate, testTimeout: 20_000, hookTimeout: 60_000 },
  });
  return {
    test: {
      // Once for all projects: the fakes listen on the ports chosen above.
      globalSetup: ["tests/fakes/global-setup.ts"],
      // vitest's default on a run is one core less than the machine has; workerd runs one file at a time.
      maxWorkers: Math.max(2, availableParallelism()),
      sequence: { sequencer: FuzzFirst },
      projects: [
        project("shared", false, { include: ["tests/worker/**/*.test.ts"], exclude: [...OWN_STORAGE, ...REAL_HASH] }),
        project("own-storage", true, { include: OWN_STORAGE }),
        project("real-hash", false, { include: REAL_HASH }, false),
      ],
    },
  };
});
