import { workerFetch } from "../worker-fetch";
import { expect } from "vitest";
import { ORIGIN, call, freshIp, type CallResult, type TestUser } from "../helpers";

/** Creates a VIRE through the API and answers its id. */
export async function newVire(owner: TestUser, name = `Vire ${crypto.randomUUID().slice(0, 6)}`, extra: Record<string, unknown> = {}): Promise<string> {
  const r = await call("/api/virtual-employees", { token: owner.token, body: { name, role: "Assistant", ...extra } });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data.id;
}

export async function newBase(owner: TestUser, vireId: string, name = "Documents"): Promise<string> {
  const r = await call(`/api/virtual-employees/${vireId}/knowledge-base`, { token: owner.token, body: { name } });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data.id;
}

/** The upload call with a raw body, as `POST /api/uploads?contentType=&fileName=`. */
export async function uploadCall(owner: TestUser, fileName: string, bytes: Uint8Array | string, contentType = ""): Promise<CallResult> {
  const body = typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes;
  const query = new URLSearchParams({ fileName, contentType });
  const res = await workerFetch(`${ORIGIN}/api/uploads?${query}`, {
    method: "POST",
    headers: { origin: ORIGIN, "cf-connecting-ip": freshIp(), authorization: `Bearer ${owner.token}`, "content-type": "application/octet-stream" },
    body,
  });
  const text = await res.text();
  if (res.status >= 500) throw new Error(`upload answered ${res.status}: ${text.slice(0, 300)}`);
  return { status: res.status, json: text ? JSON.parse(text) : null, res };
}

export async function upload(owner: TestUser, fileName: string, bytes: Uint8Array | string, contentType = ""): Promise<string> {
  const r = await uploadCall(owner, fileName, bytes, contentType);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data.url;
}

export function addFileCall(owner: TestUser, baseId: string, body: Record<string, unknown>): Promise<CallResult> {
  return call(`/api/knowledge-base/${baseId}/files`, { token: owner.token, body });
}

/** Uploads a document and records it in the base; answers the knowledge file. */
export async function addDocument(owner: TestUser, baseId: string, fileName: string, bytes: Uint8Array | string): Promise<any> {
  const url = await upload(owner, fileName, bytes);
  const size = typeof bytes === "string" ? new TextEncoder().encode(bytes).byteLength : bytes.byteLength;
  const r = await addFileCall(owner, baseId, { name: fileName, url, size, chatId: null });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data;
}
