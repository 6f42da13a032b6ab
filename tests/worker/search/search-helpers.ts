import { env, runDurableObjectAlarm } from "cloudflare:test";
import { expect } from "vitest";
import { call, type CallResult, type TestUser } from "../helpers";
import { connect, flushMirror, mirrorCount, sendAll } from "../chat-helpers";

/** `GET /api/search` as `user`. */
export function search(user: TestUser, params: Record<string, string | number>): Promise<CallResult> {
  const q = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return call(`/api/search?${q}`, { token: user.token });
}

/** The answer of a search that must succeed. */
export async function found(user: TestUser, params: Record<string, string | number>): Promise<any> {
  const r = await search(user, params);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data;
}

/** Ids of the messages a search finds. */
export async function messageHits(user: TestUser, query: string, extra: Record<string, string | number> = {}): Promise<string[]> {
  return (await found(user, { query, type: "messages", ...extra })).messages.map((m: any) => m.id);
}

/** Sends the texts to a chat as `user` over its socket and waits until the mirror job indexed them. Returns their ids. */
export async function post(chatId: string, user: TestUser, texts: string[], chatType: 0 | 1 | 2 = 0): Promise<string[]> {
  const before = await mirrorCount(chatId);
  const sock = await connect(chatId, user);
  const acks = await sendAll(sock, texts, chatType);
  sock.close();
  for (const a of acks) expect(a.success, JSON.stringify(a)).toBe(true);
  await flushMirror(chatId, before + texts.length);
  return acks.map((a) => a.message_id as string);
}

export function shard(orgId: string) {
  return env.SEARCH_SHARD.get(env.SEARCH_SHARD.idFromName(orgId));
}

/** Runs the shard's alarm until its rebuild is done (alarms also ring by themselves; this just does not wait for them). */
export async function drainShard(orgId: string): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    if ((await shard(orgId).status()).pendingChats === 0) return;
    await runDurableObjectAlarm(shard(orgId));
  }
  throw new Error("the shard's rebuild does not end");
}
