import * as v from "valibot";
import type { Env } from "../env";
import { runCleanup } from "./cron";
import { CustomAssistantJob, runCustomAssistantJob } from "./custom-assistant";
import { MailJob, runMailJob } from "./mail";
import { MirrorJob, runMirror } from "./mirror";
import { SandboxPollJob, runSandboxPoll } from "./sandbox-poll";

/**
 * Every job on the JOBS queue (cleanup, message mirror, custom assistant, sandbox poll);
 * a body that matches none is acked and logged, since retrying it could never succeed.
 */
export const Job = v.variant("type", [v.object({ type: v.literal("cleanup") }), MirrorJob, CustomAssistantJob, SandboxPollJob, MailJob]);
export type Job = v.InferOutput<typeof Job>;

/** For the log only; must not throw on bodies JSON cannot express (undefined, BigInt, cycles). */
function describe(body: unknown): string {
  try {
    return String(JSON.stringify(body)).slice(0, 200);
  } catch {
    return `<${typeof body}>`;
  }
}

async function runJob(env: Env, job: Job): Promise<void> {
  switch (job.type) {
    case "cleanup":
      await runCleanup(env);
      return;
    case "mirror_messages":
      await runMirror(env, job);
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
  }
}

/** Exponential backoff, so a remote outage is not hammered: 10 s, 20 s, 40 s … capped at 10 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(600, 10 * 2 ** Math.max(0, attempts - 1));
}

export async function handleQueue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    const parsed = v.safeParse(Job, message.body);
    if (!parsed.success) {
      console.error("queue: dropping malformed job", describe(message.body));
      message.ack();
      continue;
    }
    try {
      await runJob(env, parsed.output);
      message.ack();
    } catch (err) {
      console.error("queue: job failed, will retry", parsed.output.type, err);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}
