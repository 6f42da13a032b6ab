import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../../worker/index";
import { customAssistantJob, enqueueCustomAssistant, notifyCustomAssistant, type CustomAssistantJob } from "../../../worker/jobs/custom-assistant";
import { retryDelaySeconds } from "../../../worker/jobs/queue";
import type { VireRow } from "../../../worker/vires/mapper";

const handler: ExportedHandler<Cloudflare.Env> = worker;
let seq = 0;

const row: VireRow = {
  id: "vire_1",
  ownerId: "user_1",
  orgId: "org_1",
  name: "Builder",
  role: "Custom helper",
  description: "Does custom things",
  avatarUrl: null,
  skills: ["A", "B"],
  workflow: "{}",
  memory: "{}",
  knowledge: "{}",
  rolePrompt: "Be custom.",
  agentType: "custom",
  taskId: "task_1",
  status: "building",
  createdAt: new Date(),
  updatedAt: new Date(),
};
const job: CustomAssistantJob = customAssistantJob(row);

/** A fetch that answers from a script and records what it was asked. */
function fakeFetch(...answers: (number | Error)[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fn = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const next = answers.shift() ?? 200;
    if (next instanceof Error) throw next;
    return new Response("{}", { status: next });
  }) as unknown as typeof fetch;
  return { fn, calls };
}

async function deliver(body: unknown, jobEnv: Cloudflare.Env, attempts = 1) {
  const messages = [{ id: `ca-${++seq}`, timestamp: new Date(), attempts, body }];
  const batch = createMessageBatch("teamchat-jobs", messages);
  const ctx = createExecutionContext();
  await handler.queue!(batch, jobEnv, ctx);
  return getQueueResult(batch, ctx);
}

describe("notifyCustomAssistant", () => {
  it("POSTs the assistant as JSON to the endpoint", async () => {
    const { fn, calls } = fakeFetch(200);
    expect(await notifyCustomAssistant("https://builder.example.com/hooks/assistant", job, fn)).toBe("sent");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("https://builder.example.com/hooks/assistant");
    expect(calls[0]!.init.method).toBe("POST");
    expect(new Headers(calls[0]!.init.headers).get("content-type")).toBe("application/json");
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      taskId: "task_1",
      virtualEmployeeId: "vire_1",
      name: "Builder",
      role: "Custom helper",
      description: "Does custom things",
      skills: ["A", "B"],
      rolePrompt: "Be custom.",
      ownerId: "user_1",
    });
  });

  it("throws (so the queue retries) on network errors, 5xx, 408 and 429", async () => {
    for (const answer of [new TypeError("connection refused"), 500, 503, 408, 429]) {
      const { fn } = fakeFetch(answer);
      await expect(notifyCustomAssistant("https://builder.example.com/", job, fn)).rejects.toThrow(/custom assistant endpoint/);
    }
  });

  it("gives up without retrying on other 4xx, and does nothing without a usable endpoint", async () => {
    const { fn, calls } = fakeFetch(400, 404);
    expect(await notifyCustomAssistant("https://builder.example.com/", job, fn)).toBe("rejected");
    expect(await notifyCustomAssistant("https://builder.example.com/", job, fn)).toBe("rejected");
    expect(await notifyCustomAssistant(undefined, job, fn)).toBe("skipped");
    expect(await notifyCustomAssistant("  ", job, fn)).toBe("skipped");
    expect(await notifyCustomAssistant("ftp://builder.example.com/", job, fn)).toBe("skipped");
    expect(await notifyCustomAssistant("not a url", job, fn)).toBe("skipped");
    expect(calls).toHaveLength(2);
  });
});

describe("custom_assistant_notify jobs on the queue", () => {
  it("are acked and do nothing when CUSTOM_ASSISTANT_ENDPOINT is unset", async () => {
    const result = await deliver(job, { ...env, CUSTOM_ASSISTANT_ENDPOINT: undefined });
    expect(result.explicitAcks).toEqual([`ca-${seq}`]);
    expect(result.retryMessages).toEqual([]);
  });

  it("are retried with backoff when the endpoint cannot be reached", async () => {
    const result = await deliver(job, { ...env, CUSTOM_ASSISTANT_ENDPOINT: "http://127.0.0.1:1/assistant" }, 3);
    expect(result.explicitAcks).toEqual([]);
    // getQueueResult does not report the delay; retryDelaySeconds is checked below.
    expect(result.retryMessages.map((m: { msgId: string }) => m.msgId)).toEqual([`ca-${seq}`]);
  });

  it("are acked when a real endpoint refuses them with 404", async () => {
    const result = await deliver(job, { ...env, CUSTOM_ASSISTANT_ENDPOINT: `${env.FAKE_LLM_URL}/no-such-hook` });
    expect(result.explicitAcks).toEqual([`ca-${seq}`]);
    expect(result.retryMessages).toEqual([]);
  });

  it("with a malformed body are dropped, not retried", async () => {
    const result = await deliver({ type: "custom_assistant_notify", taskId: 7 }, env);
    expect(result.explicitAcks).toEqual([`ca-${seq}`]);
  });

  it("back off exponentially up to ten minutes", () => {
    expect([1, 2, 3, 4, 10].map(retryDelaySeconds)).toEqual([10, 20, 40, 80, 600]);
  });
});

describe("enqueueCustomAssistant", () => {
  it("sends the job, and a queue outage never fails the save", async () => {
    const sent: unknown[] = [];
    await enqueueCustomAssistant({ ...env, JOBS: { send: async (b: unknown) => void sent.push(b) } as unknown as Queue<unknown> }, row);
    expect(sent).toEqual([job]);
    await expect(
      enqueueCustomAssistant({ ...env, JOBS: { send: async () => Promise.reject(new Error("queue down")) } as unknown as Queue<unknown> }, row),
    ).resolves.toBeUndefined();
  });
});
