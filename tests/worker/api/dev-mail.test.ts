import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { DevOutboxAnswer } from "../../../contract";
import { queueMail } from "../../../worker/mail/outbox";
import { call, devUser, expectError, expectSignedOutRefused, signUp } from "../helpers";

/** A Queue that only records, so the outbox rows stay as queued while the test reads them. */
const held = { ...env, JOBS: { send: async () => undefined, sendBatch: async () => undefined } as unknown as Queue<unknown> };

describe("GET /api/dev/mail (the outbox on the developer settings page)", () => {
  it("is for developers only", async () => {
    await expectSignedOutRefused("/api/dev/mail");
    const u = await signUp("Curious Carl");
    expectError(await call("/api/dev/mail", { token: u.token }), 403, "Developer access required");
  });

  it("lists the outbox newest first with each mail's link", async () => {
    const dev = await devUser();
    for (const [i, code] of ["first-code", "second-code"].entries()) {
      await queueMail(held, {
        to: `outbox-${i}@example.com`,
        kind: "friend_invite",
        locale: "en",
        vars: { inviterName: "Ada", link: `http://localhost/friend-invite/${code}`, expiresAt: "2026-12-01T00:00:00.000Z" },
        dedupeKey: `dev-mail:${code}`,
      });
      // Distinct creation times, so "newest first" is observable.
      await env.DB.prepare(`UPDATE mail_outbox SET created_at = ? WHERE dedupe_key = ?`)
        .bind(1_700_000_000_000 + i, `dev-mail:${code}`)
        .run();
    }
    const r = await call("/api/dev/mail", { token: dev.token });
    expect(r.status).toBe(200);
    const data = r.json.data as DevOutboxAnswer;
    const mine = data.mails.filter((m) => m.to.startsWith("outbox-"));
    expect(mine.map((m) => m.to)).toEqual(["outbox-1@example.com", "outbox-0@example.com"]);
    expect(mine[0]).toMatchObject({
      subject: "Ada invited you to be friends",
      status: "pending",
      attempts: 0,
      lastError: null,
      link: "http://localhost/friend-invite/second-code",
    });
    // The test env has no SMTP_HOST, so the page says mail is not being sent.
    expect(data.smtpConfigured).toBe(false);
  });
});
