import { desc } from "drizzle-orm";
import type { DevOutboxAnswer, DevOutboxMail } from "../../contract";
import { getDb } from "../db/client";
import { mailOutbox } from "../db/schema";
import type { Env } from "../env";

/** The developer page shows the latest mails only; older ones are in D1. */
const LIST_MAX = 100;

type OutboxRow = typeof mailOutbox.$inferSelect;

function firstLink(text: string): string | null {
  return /https?:\/\/[^\s<>"]+/.exec(text)?.[0] ?? null;
}

export function toDevOutboxMail(row: OutboxRow): DevOutboxMail {
  return {
    id: row.id,
    kind: row.kind,
    to: row.toEmail,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    link: firstLink(row.textBody),
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
  };
}

/** The outbox, newest first, for developers (the mails' links work even when nothing is sent). */
export async function listOutbox(env: Env): Promise<DevOutboxAnswer> {
  const rows = await getDb(env.DB).select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(LIST_MAX);
  return { mails: rows.map(toDevOutboxMail), smtpConfigured: Boolean(env.SMTP_HOST?.trim()) };
}
