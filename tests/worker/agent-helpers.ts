import { env } from "cloudflare:test";
import { expect } from "vitest";
import { addVire, connect, createGroup, team } from "./chat-helpers";
import type { TestUser } from "./helpers";
import { messageId, type TestSocket } from "./socket-helpers";

/** What the scripted model (tests/fakes/fake-llm.ts) was asked, newest last. */
export async function fakeRequests(): Promise<any[]> {
  return (await fetch(`${env.FAKE_LLM_URL}/__requests`)).json();
}

/**
 * What the scripted model was asked about `text` (found in the newest user turn), newest last. The
 * fake serves both workerds of a run, so "the newest request" may be another file's.
 */
export async function requestsAbout(text: string): Promise<any[]> {
  const mine = (await fakeRequests()).filter((r) => String(r.lastUser).includes(text));
  expect(mine.length, `requests to the model about ${JSON.stringify(text)}`).toBeGreaterThan(0);
  return mine;
}

/** A group of the owner, members and one VIRE, with everyone's socket open. */
export async function agentGroup(...names: string[]) {
  const { admin, members } = await team(...(names.length ? names : ["Bob Member"]));
  const vireId = await addVire(admin, "Nova Helper");
  const chatId = await createGroup(admin, members, [vireId], "Agent Room");
  const socks = await Promise.all([admin, ...members].map((u) => connect(chatId, u)));
  return { owner: admin, members, vireId, chatId, ownerSock: socks[0]!, memberSocks: socks.slice(1) };
}

export function askFrame(text: string, chatType: 1 | 2 = 1, agentConfig: Record<string, unknown> = {}, id = messageId()) {
  return {
    type: "chat_message",
    message_id: id,
    chat_type: chatType,
    message_type: "user_request",
    data: { content: { text }, context_info: { agent_config: agentConfig } },
  };
}

/** Sends a request and returns its ack. */
export async function ask(sock: TestSocket, text: string, chatType: 1 | 2 = 1, agentConfig: Record<string, unknown> = {}): Promise<any> {
  const frame = askFrame(text, chatType, agentConfig);
  sock.send(frame);
  return sock.next((f) => f.type === "chat_ack" && f.message_id === frame.message_id, 5000);
}

/** Follows one reply on a socket until chat_done: the text rebuilt from chunks by offset, and the final message. */
export async function followReply(sock: TestSocket, timeoutMs = 10_000): Promise<{ streamed: string; final: any; chunks: any[]; done: any }> {
  const done = await sock.next((f) => f.type === "chat_done", timeoutMs);
  const chunks = sock.frames.filter((f) => f.type === "streaming_message" && f.message_id === done.message_id);
  let streamed = "";
  for (const c of chunks) streamed = streamed.slice(0, c.offset) + c.chunk;
  const final = sock.frames.find((f) => f.type === "message_updated" && f.message.id === done.message_id)?.message;
  return { streamed, final, chunks, done };
}

export async function useUpQuota(user: TestUser, used = 100): Promise<void> {
  const month = new Date().toISOString().slice(0, 7);
  await env.DB.prepare(
    "INSERT INTO usage_monthly (user_id, month, agent_requests) VALUES (?, ?, ?) ON CONFLICT (user_id, month) DO UPDATE SET agent_requests = excluded.agent_requests",
  )
    .bind(user.id, month, used)
    .run();
}

export async function usedQuota(user: TestUser): Promise<number> {
  const month = new Date().toISOString().slice(0, 7);
  const row = await env.DB.prepare("SELECT agent_requests AS n FROM usage_monthly WHERE user_id = ? AND month = ?").bind(user.id, month).first<{ n: number }>();
  return row?.n ?? 0;
}

export function expectCompleteReply(final: any, content: string | RegExp): void {
  expect(final).toBeTruthy();
  expect(final.messageType).toBe("ai_response");
  expect(final.isStreamingComplete).toBe(true);
  if (typeof content === "string") expect(final.content).toBe(content);
  else expect(final.content).toMatch(content);
}
