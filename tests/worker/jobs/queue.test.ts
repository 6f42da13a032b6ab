import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../../worker/index";
import { countRows, expireSession, rawToken, signIn, signUp } from "../helpers";

/** The Worker's default export as the runtime sees it: queue(batch, env, ctx). */
const handler: ExportedHandler<Cloudflare.Env> = worker;
let seq = 0;

async function deliver(bodies: unknown[]) {
  const messages = bodies.map((body) => ({ id: `msg-${++seq}`, timestamp: new Date(), attempts: 1, body }));
  const batch = createMessageBatch("teamchat-jobs", messages);
  const ctx = createExecutionContext();
  let thrown: unknown = null;
  try {
    await handler.queue!(batch, env, ctx);
  } catch (err) {
    thrown = err;
  }
  const result = await getQueueResult(batch, ctx);
  return { ids: messages.map((m) => m.id), result, thrown };
}

describe("queue consumer", () => {
  it("runs a cleanup job and acks it", async () => {
    const u = await signUp("Queue Quincy");
    const old = await signIn(u.email);
    await expireSession(old.token);
    const { ids, result, thrown } = await deliver([{ type: "cleanup" }]);
    expect(thrown).toBeNull();
    expect(result.explicitAcks).toEqual(ids);
    expect(result.retryMessages).toEqual([]);
    expect(result.retryBatch.retry).toBe(false);
    expect(await countRows("session WHERE token = ?", rawToken(old.token))).toBe(0);
    expect(await countRows("session WHERE token = ?", rawToken(u.token))).toBe(1);
  });

  it("acks malformed jobs instead of retrying them, and still runs the good job in the same batch", async () => {
    const u = await signUp("Mixed Batch");
    const old = await signIn(u.email);
    await expireSession(old.token);
    const malformed = [{ type: "no-such-job" }, { kind: "cleanup" }, "cleanup", 42, null, [], { type: 7 }];
    const { ids, result, thrown } = await deliver([...malformed, { type: "cleanup" }]);
    expect(thrown).toBeNull();
    expect(result.retryMessages).toEqual([]);
    expect(result.retryBatch.retry).toBe(false);
    expect([...result.explicitAcks].sort()).toEqual([...ids].sort());
    expect(await countRows("session WHERE token = ?", rawToken(old.token))).toBe(0);
  });

  it("acks a job whose body cannot be turned into JSON (undefined, BigInt) and handles the rest of the batch", async () => {
    const u = await signUp("Odd Bodies");
    const old = await signIn(u.email);
    await expireSession(old.token);
    const { ids, result, thrown } = await deliver([undefined, { type: "cleanup", n: 1n }, { type: "cleanup" }]);
    expect(thrown).toBeNull();
    expect(result.retryMessages).toEqual([]);
    expect(result.retryBatch.retry).toBe(false);
    expect([...result.explicitAcks].sort()).toEqual([...ids].sort());
    expect(await countRows("session WHERE token = ?", rawToken(old.token))).toBe(0);
  });

  it("retries a well-formed job that fails, so a passing outage loses nothing", async () => {
    await env.DB.exec("ALTER TABLE verification RENAME TO verification_away");
    try {
      const { ids, result, thrown } = await deliver([{ type: "cleanup" }]);
      expect(thrown).toBeNull();
      expect(result.explicitAcks).toEqual([]);
      expect(result.retryMessages.map((m: { msgId: string }) => m.msgId)).toEqual(ids);
    } finally {
      await env.DB.exec("ALTER TABLE verification_away RENAME TO verification");
    }
  });
});
