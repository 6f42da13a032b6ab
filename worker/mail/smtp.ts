import * as v from "valibot";
import { WorkerMailer, LogLevel } from "worker-mailer";
import { EMAIL_MAX } from "../../contract/session";
import type { Env } from "../env";

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  credentials?: { username: string; password: string };
  from: { name?: string; email: string };
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** How long one SMTP exchange (connect, or one reply) may take before the attempt counts as failed. */
const SMTP_TIMEOUT_MS = 15_000;

const FromAddress = v.pipe(v.string(), v.maxLength(EMAIL_MAX), v.email());

function parseFrom(raw: string): { name?: string; email: string } {
  if (/[\r\n]/.test(raw)) throw new Error("MAIL_FROM contains a line break");
  const named = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(raw);
  const name = named?.[1]?.trim();
  const email = (named ? named[2]! : raw).trim();
  if (!v.is(FromAddress, email)) throw new Error(`MAIL_FROM is not an e-mail address: ${raw}`);
  return name ? { name, email } : { email };
}

/**
 * The SMTP settings, or null when mail is not configured (no SMTP_HOST): then mails stay in the
 * outbox. A host without a valid MAIL_FROM is a configuration error, thrown naming the setting.
 */
export function smtpSettings(env: Env): SmtpSettings | null {
  const host = env.SMTP_HOST?.trim();
  if (!host) return null;
  if (!env.MAIL_FROM?.trim()) throw new Error("MAIL_FROM is not set: the sender address of outgoing mail, e.g. `Team Chat <no-reply@example.com>`");
  const secure = /^(1|true|yes|on)$/i.test(env.SMTP_SECURE?.trim() ?? "");
  const port = Number(env.SMTP_PORT?.trim() || (secure ? 465 : 587));
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`SMTP_PORT is not a port number: ${env.SMTP_PORT}`);
  const username = env.SMTP_USER?.trim();
  return {
    host,
    port,
    secure,
    credentials: username ? { username, password: env.SMTP_PASSWORD ?? "" } : undefined,
    from: parseFrom(env.MAIL_FROM),
  };
}

/** One SMTP session; several mails go through it one after another. */
export interface SmtpSession {
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

/**
 * worker-mailer 1.2 reads replies in a loop that ignores the end of the stream: when the server
 * hangs up mid-conversation, every read returns at once with nothing and the loop spins on
 * microtasks, so not even a timer can end it and the mail stays "sending" until its lease runs
 * out. This replaces that one method with the same reading that fails at the end of the stream.
 */
type MailerInternals = { reader: ReadableStreamDefaultReader<Uint8Array> };
async function readReply(this: MailerInternals): Promise<string> {
  const decoder = new TextDecoder();
  let reply = "";
  for (;;) {
    const { value, done } = await this.reader.read();
    if (done) throw new Error("The SMTP server closed the connection");
    if (!value) continue;
    reply += decoder.decode(value, { stream: true });
    if (!reply.endsWith("\n")) continue;
    // A multi-line reply continues while its last line reads "250-…".
    const lines = reply.split(/\r?\n/);
    if (!/^\d+-/.test(lines[lines.length - 2] ?? "")) return reply;
  }
}
const mailerPrototype = WorkerMailer.prototype as unknown as { read?: unknown };
// The mail tests include a server hanging up; they hang if a new version of the library reads differently.
if (typeof mailerPrototype.read === "function") mailerPrototype.read = readReply;
else console.warn("worker-mailer has no read() to replace; review worker/mail/smtp.ts");

export async function openSmtp(settings: SmtpSettings): Promise<SmtpSession> {
  const mailer = await WorkerMailer.connect({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    credentials: settings.credentials,
    authType: ["plain", "login", "cram-md5"],
    socketTimeoutMs: SMTP_TIMEOUT_MS,
    responseTimeoutMs: SMTP_TIMEOUT_MS,
    logLevel: LogLevel.WARN,
  });
  return {
    async send(mail) {
      // Addresses were checked when queued; this re-check keeps a row edited in D1 from adding headers.
      if (/[\r\n]/.test(mail.to + mail.subject)) throw new Error("Line break in the recipient or subject");
      await mailer.send({ from: settings.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    close: () => mailer.close(),
  };
}
