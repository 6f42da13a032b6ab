import type { Env } from "../env";
import { deliverDueMail, hasDueMail } from "../mail/delivery";
import { MailJob } from "../mail/outbox";
import { smtpSettings } from "../mail/smtp";

export { MailJob };

/**
 * Delivers the mail the message names and whatever else is due. A mail that failed gets a delayed
 * message for its retry; the cron sweep is the safety net when that message is lost.
 */
export async function runMailJob(env: Env, job: MailJob): Promise<void> {
  const report = await deliverDueMail(env, job.id);
  for (const retry of report.retries) {
    await env.JOBS.send({ type: "mail", id: retry.id } satisfies MailJob, { delaySeconds: retry.delaySeconds }).catch((err: unknown) => {
      console.error("mail: could not schedule the retry, the cron sweep will pick it up", retry.id, err);
    });
  }
  if (report.sent || report.failed || report.retries.length) console.log("mail", JSON.stringify({ ...report, retries: report.retries.length }));
}

/** Cron: asks the Queue for one delivery run when mails are due (retries whose message was lost, a Queue outage). */
export async function sweepMail(env: Env, now = Date.now()): Promise<boolean> {
  if (!smtpSettings(env)) return false;
  if (!(await hasDueMail(env, now))) return false;
  await env.JOBS.send({ type: "mail" } satisfies MailJob);
  return true;
}
