import type { Env } from "../env";
import { openSmtp, smtpSettings, type SmtpSession } from "./smtp";

/** Minutes to wait after failed attempt 1, 2, …; the sixth failure is final. */
export const MAIL_BACKOFF_MINUTES = [1, 5, 30, 120, 120] as const;
export const MAIL_MAX_ATTEMPTS = 6;
/**
 * A mail being sent is leased for this long: a run that died mid-send (the isolate was evicted)
 * leaves it "sending", and after the lease the sweep tries it again.
 */
const SENDING_LEASE_MS = 10 * 60_000;
/** Most mails one run sends, so a backlog is worked off in several Queue messages, not one long one. */
const BATCH = 20;
const ERROR_MAX = 500;

interface ClaimedMail {
  id: string;
  to_email: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
}

export interface DeliveryReport {
  sent: number;
  failed: number;
  /** Mails whose retry was scheduled, with the delay in seconds. */
  retries: { id: string; delaySeconds: number }[];
}

/** Seconds until the next attempt after `attempts` failed ones, or null when the mail has failed for good. */
export function mailRetryDelaySeconds(attempts: number): number | null {
  if (attempts >= MAIL_MAX_ATTEMPTS) return null;
  const minutes = MAIL_BACKOFF_MINUTES[Math.min(attempts, MAIL_BACKOFF_MINUTES.length) - 1] ?? MAIL_BACKOFF_MINUTES[0];
  return minutes * 60;
}

/**
 * Marks due mails "sending" in one statement, so two runs at once (a redelivered message, the
 * sweep) never take the same mail; a mail already sent is never due again. The requested mail comes first.
 */
async function claim(env: Env, now: number, firstId: string | undefined): Promise<ClaimedMail[]> {
  // A run that died with the last allowed attempt in flight: that attempt counts as failed.
  await env.DB.prepare(
    `UPDATE mail_outbox SET status = 'failed', last_error = coalesce(last_error, 'Delivery was interrupted')
     WHERE status = 'sending' AND next_attempt_at <= ? AND attempts >= ?`,
  )
    .bind(now, MAIL_MAX_ATTEMPTS)
    .run();
  const { results } = await env.DB.prepare(
    `UPDATE mail_outbox SET status = 'sending', attempts = attempts + 1, next_attempt_at = ?
     WHERE id IN (
       SELECT id FROM mail_outbox
       WHERE status IN ('pending', 'sending') AND next_attempt_at <= ? AND attempts < ?
       ORDER BY id = ? DESC, next_attempt_at LIMIT ?
     ) AND status IN ('pending', 'sending') AND next_attempt_at <= ?
     RETURNING id, to_email, subject, text_body, html_body, attempts`,
  )
    .bind(now + SENDING_LEASE_MS, now, MAIL_MAX_ATTEMPTS, firstId ?? "", BATCH, now)
    .all<ClaimedMail>();
  return results;
}

function describeError(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.replace(/\s+/g, " ").trim().slice(0, ERROR_MAX) || "Unknown error";
}

async function markSent(env: Env, id: string): Promise<void> {
  await env.DB.prepare(`UPDATE mail_outbox SET status = 'sent', sent_at = ?, last_error = NULL WHERE id = ?`).bind(Date.now(), id).run();
}

async function markFailed(env: Env, mail: ClaimedMail, err: unknown, now: number, report: DeliveryReport): Promise<void> {
  const delay = mailRetryDelaySeconds(mail.attempts);
  const error = describeError(err);
  if (delay === null) {
    await env.DB.prepare(`UPDATE mail_outbox SET status = 'failed', last_error = ? WHERE id = ?`).bind(error, mail.id).run();
    report.failed++;
    return;
  }
  await env.DB.prepare(`UPDATE mail_outbox SET status = 'pending', next_attempt_at = ?, last_error = ? WHERE id = ?`)
    .bind(now + delay * 1000, error, mail.id)
    .run();
  report.retries.push({ id: mail.id, delaySeconds: delay });
}

/**
 * Sends the due mails of the outbox (the one named first) over one SMTP session. Without SMTP
 * settings it does nothing: the mails wait. Failures are recorded on the mail and retried with
 * backoff; this only throws when D1 itself fails.
 */
export async function deliverDueMail(env: Env, firstId?: string, now = Date.now()): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, failed: 0, retries: [] };
  const settings = smtpSettings(env);
  if (!settings) return report;
  const mails = await claim(env, now, firstId);
  if (mails.length === 0) return report;
  let session: SmtpSession | null = null;
  let connectError: unknown = null;
  try {
    session = await openSmtp(settings);
  } catch (err) {
    connectError = err;
  }
  try {
    for (const mail of mails) {
      if (!session) {
        await markFailed(env, mail, connectError, now, report);
        continue;
      }
      try {
        await session.send({ to: mail.to_email, subject: mail.subject, text: mail.text_body, html: mail.html_body });
      } catch (err) {
        await markFailed(env, mail, err, now, report);
        continue;
      }
      await markSent(env, mail.id);
      report.sent++;
    }
  } finally {
    await session?.close().catch(() => undefined);
  }
  return report;
}

/** Whether any mail is due, for the cron sweep (cheap: one index lookup). */
export async function hasDueMail(env: Env, now = Date.now()): Promise<boolean> {
  const row = await env.DB.prepare(`SELECT 1 AS due FROM mail_outbox WHERE status IN ('pending', 'sending') AND next_attempt_at <= ? LIMIT 1`)
    .bind(now)
    .first<{ due: number }>();
  return Boolean(row);
}
