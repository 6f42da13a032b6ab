import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../../worker/index";
import { deliverDueMail, MAIL_MAX_ATTEMPTS } from "../../../worker/mail/delivery";
import { MailRejected, queueMail, type MailRequest } from "../../../worker/mail/outbox";
import { sweepMail } from "../../../worker/jobs/mail";
import { FAKE_SMTP_PASSWORD, FAKE_SMTP_USER } from "../../fakes/smtp-accounts";

const handler: ExportedHandler<Cloudflare.Env> = worker;
/**
 * The Worker configured for the loopback SMTP server. The test env itself has no SMTP_HOST, so the
 * Queue's own consumer leaves the mails alone and each test delivers them when it chooses.
 */
const smtpEnv: Cloudflare.Env = {
  ...env,
  SMTP_HOST: "127.0.0.1",
  SMTP_PORT: env.FAKE_SMTP_PORT,
  SMTP_USER: FAKE_SMTP_USER,
  SMTP_PASSWORD: FAKE_SMTP_PASSWORD,
  MAIL_FROM: "Team Chat <no-reply@teamchat.example>",
};
let seq = 0;

/** A mail as the loopback SMTP server (tests/fakes/smtp-server.ts) received and parsed it. */
interface ReceivedMail {
  envelopeTo: string[];
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

interface OutboxRow {
  id: string;
  status: string;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  sent_at: number | null;
  subject: string;
}

function unique(prefix: string): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

function inviteCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

function friendInvite(to: string, code: string, overrides: Partial<MailRequest> = {}): MailRequest {
  return {
    to,
    kind: "friend_invite",
    locale: "en",
    vars: { inviterName: "Ada Lovelace", link: `http://localhost/friend-invite/${code}`, expiresAt: "2026-12-01T10:30:00.000Z" },
    dedupeKey: `friend_invite:${code}`,
    ...overrides,
  };
}

async function row(dedupeKey: string): Promise<OutboxRow | null> {
  return env.DB.prepare(`SELECT * FROM mail_outbox WHERE dedupe_key = ?`).bind(dedupeKey).first<OutboxRow>();
}

async function mailbox(to: string): Promise<ReceivedMail[]> {
  const res = await fetch(`${env.FAKE_SMTP_URL}/mails?to=${encodeURIComponent(to)}`);
  return res.json();
}

/** The fake's mailbox once it holds `count` mails (delivery may also run from the Queue's own consumer). */
async function waitForMail(to: string, count = 1): Promise<ReceivedMail[]> {
  for (let i = 0; i < 200; i++) {
    const mails = await mailbox(to);
    if (mails.length >= count) return mails;
    await new Promise((r) => setTimeout(r, 25));
  }
  return mailbox(to);
}

/** The SMTP env with a Queue that only records, to see what queueMail asks the Queue for. */
function heldQueue() {
  const sent: unknown[] = [];
  const jobs = { send: async (body: unknown) => void sent.push(body), sendBatch: async () => undefined } as unknown as Queue<unknown>;
  return { env: { ...smtpEnv, JOBS: jobs }, sent };
}

/** Runs the Queue consumer on one message, as the Queue would deliver (or redeliver) it. */
async function deliver(body: unknown, attempts = 1, jobEnv: Cloudflare.Env = smtpEnv) {
  const batch = createMessageBatch("teamchat-jobs", [{ id: `mail-${++seq}`, timestamp: new Date(), attempts, body }]);
  const ctx = createExecutionContext();
  await handler.queue!(batch, jobEnv, ctx);
  return getQueueResult(batch, ctx);
}

describe("mail delivery over SMTP", () => {
  it("delivers a friend invitation whose link carries the queued code", async () => {
    const to = unique("friend");
    const code = inviteCode();
    await queueMail(env, friendInvite(to, code));
    const stored = await row(`friend_invite:${code}`);
    expect(stored?.status).toBeDefined();

    const result = await deliver({ type: "mail", id: stored!.id });
    expect(result.explicitAcks).toHaveLength(1);

    const [mail, ...more] = await waitForMail(to);
    expect(more).toHaveLength(0);
    expect(mail!.envelopeTo).toEqual([to]);
    expect(mail!.to).toBe(to);
    expect(mail!.from).toContain("no-reply@teamchat.example");
    expect(mail!.subject).toBe("Ada Lovelace invited you to be friends");
    expect(mail!.text).toContain("This invitation expires on 2026-12-01 10:30 UTC.");
    const textCode = /\/friend-invite\/([A-Za-z0-9_-]+)/.exec(mail!.text)?.[1];
    const htmlCode = /href="http:\/\/localhost\/friend-invite\/([A-Za-z0-9_-]+)"/.exec(mail!.html)?.[1];
    expect(textCode).toBe(code);
    expect(htmlCode).toBe(code);

    const sent = await row(`friend_invite:${code}`);
    expect(sent).toMatchObject({ status: "sent", attempts: 1, last_error: null });
    expect(sent!.sent_at).toBeGreaterThan(0);
  });

  it("sends a mail once even when its Queue message is redelivered", async () => {
    const to = unique("twice");
    const code = inviteCode();
    await queueMail(env, friendInvite(to, code));
    // The same request retried by the caller stores nothing new.
    await queueMail(env, friendInvite(to, code));
    const { id } = (await row(`friend_invite:${code}`))!;
    expect((await env.DB.prepare(`SELECT count(*) AS n FROM mail_outbox WHERE to_email = ?`).bind(to).first<{ n: number }>())!.n).toBe(1);

    await deliver({ type: "mail", id });
    await waitForMail(to);
    await deliver({ type: "mail", id }, 2);
    await deliver({ type: "mail", id }, 3);
    await deliverDueMail(smtpEnv, id, Date.now() + 86_400_000);

    expect(await mailbox(to)).toHaveLength(1);
    expect(await row(`friend_invite:${code}`)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("delivers a group invitation in Chinese", async () => {
    const to = unique("zh");
    const code = inviteCode();
    await queueMail(env, {
      to,
      kind: "group_invite",
      locale: "zh",
      vars: { inviterName: "李雷", chatName: "产品组", link: `http://localhost/group-invite/${code}`, expiresAt: "2026-12-01T10:30:00.000Z" },
      dedupeKey: `group_invite:${code}`,
    });
    await deliver({ type: "mail", id: (await row(`group_invite:${code}`))!.id });
    const [mail] = await waitForMail(to);
    expect(mail!.subject).toBe("李雷 邀请你加入群聊「产品组」");
    expect(mail!.text).toContain(`http://localhost/group-invite/${code}`);
    expect(mail!.text).toContain("此邀请将于 2026-12-01 10:30 UTC 过期。");
  });

  it("escapes names in the HTML body", async () => {
    const to = unique("escape");
    const code = inviteCode();
    const name = `<script>alert("x")</script> & "Eve"`;
    await queueMail(env, friendInvite(to, code, { vars: { inviterName: name, link: `http://localhost/friend-invite/${code}?a=1&b=2`, expiresAt: "soon" } }));
    await deliver({ type: "mail", id: (await row(`friend_invite:${code}`))!.id });
    const [mail] = await waitForMail(to);
    expect(mail!.html).not.toContain("<script>");
    expect(mail!.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;Eve&quot;");
    expect(mail!.html).toContain(`href="http://localhost/friend-invite/${code}?a=1&amp;b=2"`);
    // The plain-text part shows the name as typed.
    expect(mail!.text).toContain(name);
  });

  it("refuses an address or a name that would add a header, and stores nothing", async () => {
    const code = inviteCode();
    await expect(queueMail(env, friendInvite("a@b.c\r\nBcc: x@y.z", code))).rejects.toThrow(MailRejected);
    await expect(queueMail(env, friendInvite("someone@example.com\nBcc: x@y.z", code))).rejects.toThrow(MailRejected);
    await expect(queueMail(env, friendInvite("not-an-address", code))).rejects.toThrow("Please enter a valid email address.");
    const named = friendInvite(unique("name"), code, {
      vars: { inviterName: "Eve\r\nBcc: x@y.z", link: `http://localhost/friend-invite/${code}`, expiresAt: "soon" },
    });
    await expect(queueMail(env, named)).rejects.toThrow(MailRejected);
    const script = friendInvite(unique("link"), code, { vars: { inviterName: "Eve", link: "javascript:alert(1)", expiresAt: "soon" } });
    await expect(queueMail(env, script)).rejects.toThrow(MailRejected);
    expect(await row(`friend_invite:${code}`)).toBeNull();
    expect(await mailbox("x@y.z")).toHaveLength(0);
  });

  it("retries a refused mail with backoff, records the error and gives up after six attempts", async () => {
    const to = unique("refuse");
    const code = inviteCode();
    const held = heldQueue();
    await queueMail(held.env, friendInvite(to, code));
    const { id } = (await row(`friend_invite:${code}`))!;
    expect(held.sent).toEqual([{ type: "mail", id }]);

    let now = Date.now() + 1000;
    const waits: number[] = [];
    for (let attempt = 1; attempt < MAIL_MAX_ATTEMPTS; attempt++) {
      const report = await deliverDueMail(smtpEnv, id, now);
      const failed = (await row(`friend_invite:${code}`))!;
      expect(failed).toMatchObject({ status: "pending", attempts: attempt });
      expect(failed.last_error).toContain("550");
      expect(report.retries).toEqual([{ id, delaySeconds: (failed.next_attempt_at - now) / 1000 }]);
      waits.push((failed.next_attempt_at - now) / 60_000);
      // Not due yet: a run before the retry time leaves the mail alone.
      await deliverDueMail(smtpEnv, id, failed.next_attempt_at - 1);
      expect((await row(`friend_invite:${code}`))!.attempts).toBe(attempt);
      now = failed.next_attempt_at;
    }
    expect(waits).toEqual([1, 5, 30, 120, 120]);

    await deliverDueMail(smtpEnv, id, now);
    const final = (await row(`friend_invite:${code}`))!;
    expect(final).toMatchObject({ status: "failed", attempts: MAIL_MAX_ATTEMPTS });
    expect(final.last_error).toContain("Mailbox unavailable");
    // A failed mail is not tried again.
    await deliverDueMail(smtpEnv, id, now + 86_400_000);
    expect((await row(`friend_invite:${code}`))!.attempts).toBe(MAIL_MAX_ATTEMPTS);
    expect(await mailbox(to)).toHaveLength(0);
  });

  it("fails an attempt whose server hangs up mid-mail, and retries it with backoff instead of leaving it sending", async () => {
    const to = unique("drop");
    const code = inviteCode();
    await queueMail(heldQueue().env, friendInvite(to, code));
    const { id } = (await row(`friend_invite:${code}`))!;
    const now = Date.now() + 1000;
    const report = await deliverDueMail(smtpEnv, id, now);
    expect(report).toEqual({ sent: 0, failed: 0, retries: [{ id, delaySeconds: 60 }] });
    const failed = (await row(`friend_invite:${code}`))!;
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed.last_error).toBe("The SMTP server closed the connection");
  });

  it("leaves mail waiting in the outbox when no SMTP server is configured", async () => {
    const to = unique("nosmtp");
    const code = inviteCode();
    // The test env, like a default deploy, has no SMTP_HOST; its Queue message is consumed and nothing is sent.
    const offline = env;
    await queueMail(offline, friendInvite(to, code));
    const { id } = (await row(`friend_invite:${code}`))!;
    expect((await deliver({ type: "mail", id }, 1, offline)).explicitAcks).toHaveLength(1);
    const report = await deliverDueMail(offline, id, Date.now() + 2 * 86_400_000);
    expect(report).toEqual({ sent: 0, failed: 0, retries: [] });
    expect(await sweepMail(offline, Date.now() + 2 * 86_400_000)).toBe(false);
    expect(await row(`friend_invite:${code}`)).toMatchObject({ status: "pending", attempts: 0 });

    // Once configured, the cron sweep finds it due.
    expect(await sweepMail(smtpEnv, Date.now() + 2 * 86_400_000)).toBe(true);
  });
});
