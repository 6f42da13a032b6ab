import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { expect } from "vitest";
import { scriptDirective, type ScriptStep } from "../../fakes/fake-llm-script";
import { ask, fakeRequests } from "../agent-helpers";
import { connect, createGroup, room, team } from "../chat-helpers";
import { call, type TestUser } from "../helpers";
import { addCodingAgent, newProject, projectPath } from "../project-helpers";
import type { TestSocket } from "../socket-helpers";

export type Policy = "ask" | "auto_edits";

/** A project of a fresh owner, with the owner's socket on its chat. */
export async function projectChat(policy?: Policy) {
  const { admin } = await team();
  await addCodingAgent(admin);
  const { projectId, chatId } = await newProject(admin, "Agent Demo");
  if (policy) await setPolicy(admin, projectId, policy);
  const sock = await connect(chatId, admin);
  return { owner: admin, projectId, chatId, sock };
}

/**
 * A project worked on in a group: the owner's coding agent, a group with the owner, Mia (and
 * whoever else is named) linked to the project, and a socket of the owner and of Mia.
 */
export async function groupProject(policy?: Policy, ...others: string[]) {
  const { admin, members } = await team("Mia Member", ...others);
  const mia = members[0]!;
  const agentId = await addCodingAgent(admin);
  const { projectId } = await newProject(admin, "Team Build");
  const chatId = await createGroup(admin, members, [agentId], "Build Room");
  const link = await call("/api/chats/update-project-id", { token: admin.token, body: { chatId, projectId } });
  expect(link.status, JSON.stringify(link.json)).toBe(200);
  if (policy) await setPolicy(admin, projectId, policy);
  const ownerSock = await connect(chatId, admin);
  const miaSock = await connect(chatId, mia);
  return { owner: admin, mia, others: members.slice(1), projectId, chatId, ownerSock, miaSock };
}

export async function setPolicy(owner: TestUser, projectId: string, approvalPolicy: Policy): Promise<void> {
  const r = await call(`/api/v2/coding-projects/${projectId}/agent-settings`, { token: owner.token, method: "PUT", body: { approvalPolicy } });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
}

let jobs = 0;

/**
 * A request that makes the fake model play `steps`. The tag is unique per job, so the fake's
 * shared request log (other test files run at the same time) can be narrowed to this job.
 */
export function job(steps: ScriptStep[]) {
  jobs += 1;
  const tag = `job-${jobs}-${crypto.randomUUID().slice(0, 8)}`;
  const text = `Please do it (${tag}) ${scriptDirective(steps)}`;
  return {
    text,
    tag,
    /** What the model was sent for this job, oldest first. */
    requests: async (): Promise<any[]> => (await fakeRequests()).filter((r) => r.lastUser.includes(tag)),
    /** The tool results the model's latest call for this job carried. */
    results: async (): Promise<{ name?: string; content: string }[]> => {
      const mine = (await fakeRequests()).filter((r) => r.lastUser.includes(tag));
      return mine.at(-1)?.toolResults ?? [];
    },
  };
}

/** Sends the job's request in the agent stream (or the ask-only stream) and expects it accepted. */
export async function start(sock: TestSocket, j: { text: string }, chatType: 1 | 2 = 1, agentConfig: Record<string, unknown> = {}): Promise<any> {
  const ack = await ask(sock, j.text, chatType, agentConfig);
  expect(ack.success, JSON.stringify(ack)).toBe(true);
  return ack;
}

const isCard = (f: any) => (f.type === "message" || f.type === "message_updated") && f.message.messageType === "status_update";

/** Every version of every tool card a socket saw, in arrival order. */
export function cards(sock: TestSocket): any[] {
  return sock.frames.filter(isCard).map((f) => ({ id: f.message.id, ...JSON.parse(f.message.content).content.details }));
}

/** The latest version of each tool card a socket saw, in the order the cards appeared. */
export function latestCards(sock: TestSocket): any[] {
  const byId = new Map<string, any>();
  for (const c of cards(sock)) byId.set(c.id, c);
  return [...byId.values()];
}

/** The next approval request still open, as a socket receives it. */
export function nextAsked(sock: TestSocket, timeoutMs = 15_000): Promise<any> {
  return sock.next((f) => f.type === "approval_request" && f.request.outcome === null, timeoutMs);
}

/** The next frame that reports the request `id` decided (or expired). */
export function nextDecided(sock: TestSocket, id: string, timeoutMs = 10_000): Promise<any> {
  return sock.next((f) => f.type === "approval_request" && f.request.messageId === id && f.request.outcome !== null, timeoutMs);
}

export function decide(sock: TestSocket, messageId: string, approved: boolean): void {
  sock.send({ type: "approval_decision", messageId, approved });
}

/** A workspace file's text, or null when it does not exist. */
export async function readFile(user: TestUser, projectId: string, path: string): Promise<string | null> {
  const r = await call(`${projectPath(projectId, "file-content")}?filePath=${encodeURIComponent(path)}`, { token: user.token });
  if (r.status === 404) return null;
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data.content as string;
}

/** The room's stored approval rows. */
export function approvalRows(chatId: string): Promise<any[]> {
  return runInDurableObject(room(chatId), (_instance, state) => state.storage.sql.exec("SELECT * FROM approvals ORDER BY created_at").toArray());
}

/** Moves time for the room's open requests: they expire, and the room's alarm rings as it would. */
export async function expireApprovals(chatId: string): Promise<void> {
  await runInDurableObject(room(chatId), (_instance, state) => {
    state.storage.sql.exec("UPDATE approvals SET expires_at = ? WHERE outcome IS NULL", Date.now() - 1000);
  });
  await runDurableObjectAlarm(room(chatId));
}

/** The coding run's checkpoint of the agent stream, straight from the room's storage. */
export function checkpoint(chatId: string): Promise<any | null> {
  return runInDurableObject(room(chatId), (_instance, state) => {
    const row = state.storage.sql.exec<{ room: string; state: string }>("SELECT room, state FROM coding_runs").toArray()[0];
    if (!row) return null;
    // The conversation is stored one message per row (appended), beside the small state row.
    const messages = state.storage.sql
      .exec<{ message: string }>("SELECT message FROM coding_run_messages WHERE room = ? ORDER BY idx", row.room)
      .toArray()
      .map((m) => JSON.parse(m.message));
    return { ...JSON.parse(row.state), messages };
  });
}
