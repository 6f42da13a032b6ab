import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { expect } from "vitest";
import worker from "../../../worker/index";
import type { Env } from "../../../worker/env";
import { ORIGIN, freshIp, type CallOptions, type CallResult, type TestUser } from "../helpers";

const handler: ExportedHandler<Cloudflare.Env> = worker;
let seq = 0;

/**
 * The Worker with its queue held by the test: the jobs it sends are collected instead of delivered,
 * and the test hands them to the real queue consumer one at a time (`drain`) or with a chosen
 * attempt count (`deliver`), so every step of the pipeline runs in a known order, with the real D1,
 * R2, fake speech service and fake model. `overrides` change settings (no model, no speech).
 */
export function heldWorker(overrides: Partial<Record<keyof Env, unknown>> = {}) {
  const sent: any[] = [];
  const jobs = {
    send: async (body: unknown) => void sent.push(body),
    sendBatch: async (batch: { body: unknown }[]) => void sent.push(...batch.map((m) => m.body)),
  };
  const wenv = { ...env, ...overrides, JOBS: jobs } as unknown as Cloudflare.Env;

  async function fetchRaw(path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("origin", ORIGIN);
    headers.set("cf-connecting-ip", freshIp());
    if (init.token) headers.set("authorization", `Bearer ${init.token}`);
    return worker.fetch(new Request(`${ORIGIN}${path}`, { ...init, headers }), wenv as unknown as Env, createExecutionContext());
  }

  async function call(path: string, opts: CallOptions = {}): Promise<CallResult> {
    const body = opts.body !== undefined ? JSON.stringify(opts.body) : undefined;
    const headers: Record<string, string> = { ...(body ? { "content-type": "application/json" } : {}), ...opts.headers };
    const res = await fetchRaw(path, { method: opts.method ?? (body ? "POST" : "GET"), headers, body, token: opts.token });
    const text = await res.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    if (res.status >= 500) throw new Error(`${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return { status: res.status, json, res };
  }

  /** Hands one job to the queue consumer as delivery number `attempts`; says whether it was acked or retried. */
  async function deliver(body: unknown, attempts = 1) {
    const batch = createMessageBatch("teamchat-jobs", [{ id: `analysis-${++seq}`, timestamp: new Date(), attempts, body }]);
    const ctx = createExecutionContext();
    await handler.queue!(batch, wenv, ctx);
    const result = await getQueueResult(batch, ctx);
    return { acked: result.explicitAcks.length === 1, retried: result.retryMessages.length === 1 };
  }

  /** Runs every job sent so far and every job those send, in order; each must succeed first time. Returns the steps run. */
  async function drain(): Promise<string[]> {
    const steps: string[] = [];
    while (sent.length) {
      const job = sent.shift();
      steps.push(job.step ?? job.type);
      const r = await deliver(job);
      expect(r, `job ${JSON.stringify(job)}`).toMatchObject({ acked: true, retried: false });
    }
    return steps;
  }

  async function upload(u: TestUser, chatId: string, file: File) {
    const form = new FormData();
    form.append("file", file);
    const res = await fetchRaw(`/api/chat-attachments?chatId=${chatId}`, { method: "POST", body: form, token: u.token });
    const json: any = await res.json();
    expect(res.status, JSON.stringify(json)).toBe(200);
    return { attachmentId: String(json.data.id), fileUrl: String(json.data.fileUrl) };
  }

  return { env: wenv, sent, call, fetchRaw, deliver, drain, upload };
}

export type HeldWorker = ReturnType<typeof heldWorker>;

/** A file of tests/fixtures, served by the fake speech service (workerd cannot read the disk). */
export async function fixture(name: string, type: string): Promise<File> {
  const res = await fetch(`${env.FAKE_SPEECH_URL}/__fixture/${name}`);
  expect(res.status, `fixture ${name}`).toBe(200);
  return new File([await res.arrayBuffer()], name, { type });
}

/** What the fake speech service transcribes for files of this name, and how often it fails first. */
export async function scriptSpeech(script: { name: string; segments?: unknown[]; language?: string; fail?: number; failTranscode?: number }) {
  const res = await fetch(`${env.FAKE_SPEECH_URL}/__script`, { method: "POST", body: JSON.stringify(script) });
  expect(res.status).toBe(200);
}

export async function speechRequests(): Promise<any[]> {
  return (await fetch(`${env.FAKE_SPEECH_URL}/__requests`)).json();
}

/**
 * A one-page PDF with a line of text, made like tests/fixtures/preview/sample.pdf (make-fixtures.py).
 * The page is as wide as the line: text past a page's edge is not read.
 */
export function pdfWith(text: string): Uint8Array {
  const stream = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${72 + text.length * 8} 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>`,
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}
