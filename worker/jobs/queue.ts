import * as v from "valibot";
import type { Env } from "../env";
import { runCleanup } from "./cron";
import { AnalysisJob, runAnalysisJob } from "./analysis/index";
import { CustomAssistantJob, runCustomAssistantJob } from "./custom-assistant";
import { MailJob, runMailJob } from "./mail";
import { MirrorJob, runMirrorJobs } from "./mirror";
import { SandboxPollJob, runSandboxPoll } from "./sandbox-poll";

/**
 * Every job on the JOBS queue (cleanup, message mirror, custom assistant, sandbox poll, mail, file analysis);
 * a body that matches none is acked and logged, since retrying it could never succeed.
 */
export const Job = v.variant("type", [v.object({ type: v.literal("cleanup") }), MirrorJob, CustomAssistantJob, SandboxPollJob, MailJob, AnalysisJob]);
export type Job = v.InferOutput<typeof Job>;

/** For the log only; must not throw on bodies JSON cannot express (undefined, BigInt, cycles). */
function describe(body: unknown): string {
  try {
    return String(JSON.stringify(body)).slice(0, 200);
  } catch {
    return `<${typeof body}>`;
  }
}

/** `attempts` is the delivery count of the message (1 on the first), for jobs that give up after a number of them. */
async function runJob(env: Env, job: Job, attempts: number): Promise<void> {
  switch (job.type) {
    case "cleanup":
      await runCleanup(env);
      return;
    case "mirror_messages":
      await runMirrorJobs(env, [job]);
      return;
    case "custom_assistant_notify":
      await runCustomAssistantJob(env, job);
      return;
    case "sandbox_poll":
      await runSandboxPoll(env, job);
      return;
    case "mail":
      await runMailJob(env, job);
      return;
    case "analysis":
      await runAnalysisJob(env, job, attempts);
      return;
  }
}

/** Exponential backoff, so a remote outage is not hammered: 10 s, 20 s, 40 s … capped at 10 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(600, 10 * 2 ** Math.max(0, attempts - 1));
}

type Delivered<J extends Job = Job> = { message: Message<unknown>; job: J };

/** Runs one job: acked when done, retried later with backoff when it fails. */
async function runOne(env: Env, { message, job }: Delivered): Promise<void> {
  try {
    await runJob(env, job, message.attempts);
    message.ack();
  } catch (err) {
    console.error("queue: job failed, will retry", job.type, err);
    message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
  }
}

/**
 * The batch's mirror jobs (one per room flush; a busy organization sends dozens a second) are
 * mirrored together, in one pass. If that pass fails, each job is tried alone, so one bad job
 * is retried without holding back the others; mirroring is idempotent, so nothing counts twice.
 */
async function mirrorTogether(env: Env, jobs: Delivered<MirrorJob>[]): Promise<void> {
  if (jobs.length === 0) return;
  try {
    await runMirrorJobs(
      env,
      jobs.map((d) => d.job),
    );
    for (const d of jobs) d.message.ack();
  } catch (err) {
    console.error("queue: mirroring the batch together failed; trying its jobs one by one", err);
    for (const d of jobs) await runOne(env, d);
  }
}

export async function handleQueue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const mirror: Delivered<MirrorJob>[] = [];
  const others: Delivered[] = [];
  for (const message of batch.messages) {
    const parsed = v.safeParse(Job, message.body);
    if (!parsed.success) {
      console.error("queue: dropping malformed job", describe(message.body));
      message.ack();
      continue;
    }
    const job = parsed.output;
    if (job.type === "mirror_messages") mirror.push({ message, job });
    else others.push({ message, job });
  }
  await mirrorTogether(env, mirror);
  for (const d of others) await runOne(env, d);
}
