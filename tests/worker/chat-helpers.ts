import { workerFetch } from "./worker-fetch";
import { env, runDurableObjectAlarm } from "cloudflare:test";
import { expect } from "vitest";
import { ORIGIN, call, inviteCodeOf, orgOf, signUp, type CallResult, type TestUser } from "./helpers";
import { chatMessage, messageId, openSocket, type TestSocket } from "./socket-helpers";

/** An organization's admin and `names.length` colleagues who joined it (their current organization). */
export async function team(...names: string[]): Promise<{ admin: TestUser; members: TestUser[]; orgId: string }> {
  const admin = await signUp("Alice Owner");
  const orgId = await orgOf(admin);
  const code = await inviteCodeOf(admin, orgId);
  const members: TestUser[] = [];
  for (const name of names) {
    const u = await signUp(name);
    const joined = await call("/api/organizations/join", { token: u.token, body: { inviteCode: code } });
    expect(joined.status, JSON.stringify(joined.json)).toBe(200);
    members.push(u);
  }
  return { admin, members, orgId };
}

/** A virtual employee of `owner`, written straight into D1 (managing VIREs is another issue). */
export async function addVire(owner: TestUser, name = "Vera Vire"): Promise<string> {
  const id = `vire_${crypto.randomUUID().replaceAll("-", "")}`;
  const orgId = await orgOf(owner);
  await env.DB.prepare("INSERT INTO virtual_employee (id, owner_id, org_id, name, role, created_at, updated_at) VALUES (?, ?, ?, ?, 'assistant', ?, ?)")
    .bind(id, owner.id, orgId, name, Date.now(), Date.now())
    .run();
  return id;
}

export function createGroupCall(owner: TestUser, members: TestUser[], vireIds: string[] = [], name = "Team Room"): Promise<CallResult> {
  const participants = [
    ...members.map((m) => ({ id: m.id, type: "user", role: "member" })),
    ...vireIds.map((id) => ({ id, type: "virtual_employee", role: "member" })),
  ];
  return call("/api/group-chats", { token: owner.token, body: { name, description: "", participants } });
}

export async function createGroup(owner: TestUser, members: TestUser[], vireIds: string[] = [], name = "Team Room"): Promise<string> {
  const r = await createGroupCall(owner, members, vireIds, name);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data.groupChat.id as string;
}

export async function openPrivate(me: TestUser, otherId: string, type: "user" | "virtual_employee" = "user"): Promise<CallResult> {
  return call("/api/private-chats", { token: me.token, body: { participantId: otherId, participantType: type } });
}

export function room(chatId: string) {
  return env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName(chatId));
}

/** Waits until `check` holds, polling; fails with `what` after `timeoutMs` (generous: a passing wait ends at once, and CI machines are shared). */
export async function waitUntil(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Waits until the socket has received `count` frames matching `predicate` and returns them (left in `frames`). */
export async function framesOf(sock: TestSocket, predicate: (f: any) => boolean, count = 1, timeoutMs = 10_000): Promise<any[]> {
  await waitUntil(
    () => sock.frames.filter(predicate).length >= count,
    `${count} matching frame(s); got ${JSON.stringify(sock.frames).slice(0, 400)}`,
    timeoutMs,
  );
  return sock.frames.filter(predicate);
}

/** Lets frames still in flight arrive. */
export function settle(ms = 300): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Gives the runtime `ms` to deliver anything still in flight, then asserts nothing matching arrived. */
export async function expectNoFrame(sock: TestSocket, predicate: (f: any) => boolean, ms = 300): Promise<void> {
  await new Promise((r) => setTimeout(r, ms));
  expect(sock.frames.filter(predicate)).toEqual([]);
}

/**
 * Returns once the room has handled everything sent to it before: a ping spelt unlike PING_TEXT
 * reaches the room itself (the platform answers only the exact text), and its pong leaves after
 * every frame the room already sent this socket. For what the room does at once while handling a
 * frame; work it does later (agents, mentions) needs expectNoFrame's wait.
 */
export async function roomBarrier(sock: TestSocket): Promise<void> {
  sock.ws.send('{ "type": "ping" }');
  await sock.next((f) => f.type === "pong");
}

export const isMessage = (f: any) => f.type === "message";
export const messageFrom = (id: string) => (f: any) => f.type === "message" && f.message.id === id;
export const ackOf = (id: string) => (f: any) => f.type === "chat_ack" && f.message_id === id;

/** A room socket of `user`, after its `ready` frame (which stays in `frames`). */
export async function connect(chatId: string, user: TestUser, query = ""): Promise<TestSocket> {
  const sock = await openSocket(`/api/chats/${chatId}/ws${query}`, user.token);
  await framesOf(sock, (f) => f.type === "ready");
  return sock;
}

export async function inbox(user: TestUser): Promise<TestSocket> {
  return openSocket("/api/inbox/ws", user.token);
}

/** Sends one chat message and returns its ack. */
export async function send(sock: TestSocket, text: string, chatType: 0 | 1 | 2 = 0, id = messageId()): Promise<any> {
  sock.send(chatMessage(text, chatType, id));
  return sock.next(ackOf(id));
}

/** Sends every text without waiting in between, then collects all acks (in send order). */
export async function sendAll(sock: TestSocket, texts: string[], chatType: 0 | 1 | 2 = 0): Promise<any[]> {
  const frames = texts.map((t) => chatMessage(t, chatType));
  for (const f of frames) sock.send(f);
  return Promise.all(frames.map((f) => sock.next(ackOf(f.message_id), 5000)));
}

/** The status a WebSocket upgrade gets (the socket, if any, is closed again). */
export async function upgradeStatus(path: string, token?: string, headers: Record<string, string> = {}): Promise<number> {
  const h: Record<string, string> = { upgrade: "websocket", ...headers };
  if (token) h.authorization = `Bearer ${token}`;
  const res = await workerFetch(`${ORIGIN}${path}`, { headers: h });
  if (res.webSocket) {
    res.webSocket.accept();
    res.webSocket.close(1000, "probe");
  } else await res.text();
  return res.status;
}

export function history(user: TestUser, streamId: string, query = ""): Promise<CallResult> {
  return call(`/api/group-chats/${streamId}/messages${query}`, { token: user.token });
}

/** Every message of a stream as `user` sees it, through the paged API (oldest first). */
export async function wholeHistory(user: TestUser, streamId: string, chatType?: number): Promise<any[]> {
  const out: any[] = [];
  let before: string | null = null;
  for (let i = 0; i < 100; i += 1) {
    const q = new URLSearchParams({ limit: "100" });
    if (chatType !== undefined) q.set("chat_type", String(chatType));
    if (before) q.set("before", before);
    const r = await history(user, streamId, `?${q}`);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    out.unshift(...r.json.data.messages);
    if (!r.json.data.pagination.hasMore) return out;
    before = r.json.data.pagination.nextCursor;
  }
  throw new Error("history does not end");
}

export async function mirrorCount(chatId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM message_mirror WHERE chat_id = ?").bind(chatId).first<{ n: number }>();
  return row?.n ?? 0;
}

/** Forces the room's mirror alarm and waits until the queue consumer has written `expected` rows for the chat. */
export async function flushMirror(chatId: string, expected: number): Promise<void> {
  await runDurableObjectAlarm(room(chatId));
  await waitUntil(async () => (await mirrorCount(chatId)) >= expected, `${expected} mirrored messages of ${chatId}`, 8000);
}

export async function unreadOf(chatId: string, userId: string): Promise<{ agent: number; human: number }> {
  const row = await env.DB.prepare(
    `SELECT max(0, c.agent_count - p.seen_agent) + p.ask_unread AS agent, max(0, c.human_count - p.seen_human) AS human
     FROM chat_participant p JOIN chat c ON c.id = p.chat_id WHERE p.chat_id = ? AND p.participant_id = ?`,
  )
    .bind(chatId, userId)
    .first<{ agent: number; human: number }>();
  if (!row) throw new Error(`${userId} is not in ${chatId}`);
  return row;
}

export async function chatList(user: TestUser): Promise<any[]> {
  const r = await call("/api/group-chats", { token: user.token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data.chats;
}
