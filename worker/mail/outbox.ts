import type { Env } from "../env";

/** The mails the product sends; each has an en and a zh template (worker/mail/templates.ts). */
export type MailKind = "friend_invite" | "group_invite";

export interface MailRequest {
  to: string;
  kind: MailKind;
  locale: "en" | "zh";
  /** Template values (names, the link …); escaped by the template, never trusted as HTML. */
  vars: Record<string, string>;
  /** Queuing the same mail twice (a retried request) stores it once. */
  dedupeKey: string;
}

/**
 * Puts a mail in the outbox (D1 mail_outbox) and asks the Queue to deliver it. Never throws for
 * delivery problems: the outbox keeps the mail and the job retries with backoff.
 */
export async function queueMail(env: Env, mail: MailRequest): Promise<void> {
  void env;
  void mail;
  throw new Error("queueMail is being built (worker/mail/)");
}
