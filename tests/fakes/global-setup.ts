import { rm } from "node:fs/promises";
import { startSandbox, type Sandbox } from "../sandbox/helpers";
import { startFakeLlm, type FakeLlm } from "./fake-llm";
import { startFakeGitHosts, type FakeGitHosts } from "./fake-git-hosts";
import { makeFixtureRepo, type FixtureRepo } from "./fixture-repo";
import { startFakeSmtp, type FakeSmtp } from "./smtp-server";
import { startFakeSpeech, type FakeSpeech } from "./fake-speech";
import type { TestProject } from "vitest/node";

let fake: FakeLlm | null = null;
let sandbox: Sandbox | null = null;
let gitHosts: FakeGitHosts | null = null;
let fixtureRepo: FixtureRepo | null = null;
let smtp: FakeSmtp | null = null;
let speech: FakeSpeech | null = null;

/**
 * For the whole worker test run: the scripted model on FAKE_LLM_PORT and a real sandbox host on
 * WORKER_SANDBOX_PORT (both chosen by vitest.worker.config.ts, which passes them to the Worker).
 */
export async function setup(project: TestProject): Promise<void> {
  fake = await startFakeLlm(Number(process.env.FAKE_LLM_PORT));
  // Imports clone from the git daemon on loopback, which the host refuses unless allowed.
  sandbox = await startSandbox({ SANDBOX_PORT: String(process.env.WORKER_SANDBOX_PORT), SANDBOX_ALLOW_PRIVATE_GIT: "1" });
  // A repository on a loopback git server for the coding-project import tests (`inject("fixtureRepoUrl")`).
  fixtureRepo = await makeFixtureRepo();
  project.provide("fixtureRepoUrl", fixtureRepo.url);
  // The fake GitLab and GitHub for the import listings, on FAKE_GIT_HOSTS_PORT.
  if (process.env.FAKE_GIT_HOSTS_PORT) gitHosts = await startFakeGitHosts(Number(process.env.FAKE_GIT_HOSTS_PORT));
  // The loopback SMTP server outgoing mail is delivered to (SMTP_PORT), with its mailbox on FAKE_SMTP_HTTP_PORT.
  if (process.env.FAKE_SMTP_PORT) smtp = await startFakeSmtp(Number(process.env.FAKE_SMTP_PORT), Number(process.env.FAKE_SMTP_HTTP_PORT));
  // The speech service of file analysis (transcription, speech, transcoding) on FAKE_SPEECH_PORT.
  if (process.env.FAKE_SPEECH_PORT) speech = await startFakeSpeech(Number(process.env.FAKE_SPEECH_PORT));
}

export async function teardown(): Promise<void> {
  await fake?.close();
  await sandbox?.stop();
  await gitHosts?.close();
  await fixtureRepo?.remove();
  await smtp?.close();
  await speech?.close();
  // The run's temporary folder in memory (vitest.worker.config.ts), with whatever was left in it;
  // only a folder that config made, never a path someone put in the variable.
  const shm = process.env.TEST_SHM_DIR;
  if (shm && /^\/dev\/shm\/teamchat-tests-[A-Za-z0-9]+$/.test(shm)) await rm(shm, { recursive: true, force: true });
}
