import * as v from "valibot";
import { EMAIL_MAX } from "../../contract/session";
import type { Env } from "../env";
import { newId } from "../lib/ids";
import { MAIL_VARS, renderMail } from "./templates";

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

/** The Queue body of the delivery job (worker/jobs/mail.ts): the mail to send first; without id, whatever is due. */
export const MailJob = v.object({ type: v.literal("mail"), id: v.optional(v.string()) });
export type MailJob = v.InferOutput<typeof MailJob>;

/** A mail the caller built wrongly (bad address, header injection, missing variable); nothing was stored. */
export class MailRejected extends Error {
  override name = "MailRejected";
}

/** The same words and rules as the sign-up form's e-mail field (contract/session.ts). */
const Address = v.pipe(v.string(), v.maxLength(EMAIL_MAX, "Please enter a valid email address."), v.email("Please enter a valid email address."));

const LINE_BREAK = /[\r\n]/;

function check(mail: MailRequest): void {
  // Checked before the schema so the reason is explicit: CR/LF in an address would add headers (Bcc:, …).
  if (LINE_BREAK.test(mail.to)) throw new MailRejected("The recipient address contains a line break");
  if (!v.is(Address, mail.to)) throw new MailRejected("Please enter a valid email address.");
  if (!(mail.kind in MAIL_VARS)) throw new MailRejected(`Unknown mail kind ${String(mail.kind)}`);
  for (const name of MAIL_VARS[mail.kind]) {
    if (typeof mail.vars[name] !== "string" || !mail.vars[name]) throw new MailRejected(`The ${mail.kind} mail needs ${name}`);
  }
  const link = mail.vars.link ?? "";
  if (!/^https?:\/\//i.test(link) || !URL.canParse(link)) throw new MailRejected("The mail link must be an http(s) address");
  if (!mail.dedupeKey) throw new MailRejected("A mail needs a dedupe key");
}

/**
 * Puts a mail in the outbox (D1 mail_outbox) and asks the Queue to deliver it. Never throws for
 * delivery problems: the outbox keeps the mail and the job retries with backoff. Throws
 * MailRejected when the request itself is wrong (invalid address, CR/LF in a header value).
 */
export async function queueMail(env: Env, mail: MailRequest): Promise<void> {
  check(mail);
  const rendered = renderMail(mail.kind, mail.locale === "zh" ? "zh" : "en", mail.vars);
  // Names end up in the Subject header; a line break there would start a new header.
  if (LINE_BREAK.test(rendered.subject)) throw new MailRejected("The mail subject contains a line break");
  const now = Date.now();
  const id = newId("mail");
  const inserted = await env.DB.prepare(
    `INSERT OR IGNORE INTO mail_outbox (id, dedupe_key, kind, to_email, subject, text_body, html_body, status, attempts, next_attempt_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?)`,
  )
    .bind(id, mail.dedupeKey, mail.kind, mail.to, rendered.subject, rendered.text, rendered.html, now, now)
    .run();
  if (!inserted.meta.changes) return;
  try {
    await env.JOBS.send({ type: "mail", id } satisfies MailJob);
  } catch (err) {
    // The mail is stored; the cron sweep delivers it when the Queue could not be reached.
    console.error("mail: could not enqueue delivery, the cron sweep will pick it up", id, err);
  }
}
