import { usesRealPasswordHash, workerFetch } from "./worker-fetch";
import { fixtureUser } from "./user-fixture";
import { env } from "cloudflare:test";
import { expect } from "vitest";

export const ORIGIN = "http://localhost";
export const PASSWORD = "correct horse battery";
export const MALFORMED = "Malformed JSON in request body";
export const UNAUTHORIZED = { code: 401, data: null, message: "Unauthorized" };
// Files that share a workerd share its rate-limit rows, and each file counts from its own start:
// a random one keeps their addresses apart.
let ipCounter = crypto.getRandomValues(new Uint32Array(1))[0]!;

/** A fresh client address per caller, so the sign-in rate limit only bites the test that wants it. */
export function freshIp(): string {
  ipCounter += 1;
  // 16 million addresses before one comes round again (the fuzz run alone takes 100,000).
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  rawBody?: string;
  token?: string;
  cookie?: string;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  json: any;
  res: Response;
}

/** One request to the Worker. Any 5xx fails the test on the spot: no input may ever produce one. */
export async function call(path: string, opts: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { origin: ORIGIN, "cf-connecting-ip": freshIp(), ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.cookie) headers.cookie = opts.cookie;
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers["content-type"] ??= "application/json";
  }
  const method = opts.method ?? (body ? "POST" : "GET");
  const res = await workerFetch(`${ORIGIN}${path}`, { method, headers, body });
  const text = await res.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  if (res.status >= 500) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return { status: res.status, json, res };
}

export interface TestUser {
  id: string;
  email: string;
  name: string;
  password: string;
  token: string;
  cookie: string;
}

let userCounter = 0;

/** The `name=value` part of the session cookie a response sets. */
export function sessionCookieOf(res: Response): string {
  return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}

/**
 * A new signed-up and signed-in user, both ways of being them. Written straight into D1
 * (tests/worker/user-fixture.ts) unless `throughRoutes` or the file hashes passwords for real
 * (useRealPasswordHash): then through the real sign-up and sign-in routes, as the auth tests need.
 */
export async function signUp(name = "Test User", email?: string, throughRoutes = usesRealPasswordHash()): Promise<TestUser> {
  userCounter += 1;
  const address = email ?? `user${userCounter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  if (!throughRoutes) return { ...(await fixtureUser(name, address, PASSWORD)), email: address, name, password: PASSWORD };
  const { status, json } = await call("/api/auth/sign-up/email", { body: { name, email: address, password: PASSWORD } });
  if (status !== 200) throw new Error(`sign-up failed: ${status} ${JSON.stringify(json)}`);
  // Sign-up answers the same for new and known e-mails and signs nobody in: sign in next, as the app does.
  const r = await signIn(address);
  if (r.status !== 200) throw new Error(`sign-in after sign-up failed: ${r.status} ${JSON.stringify(r.json)}`);
  return { id: r.json.user.id, email: address, name, password: PASSWORD, token: r.token, cookie: r.cookie };
}

/** Signs in through the real route; a fixed `ip` lets a test run into the rate limit. */
export async function signIn(email: string, password = PASSWORD, ip?: string) {
  const r = await call("/api/auth/sign-in/email", { body: { email, password }, headers: ip ? { "cf-connecting-ip": ip } : {} });
  return { ...r, token: r.res.headers.get("set-auth-token") ?? "", cookie: sessionCookieOf(r.res) };
}

export async function session(u: { token: string }) {
  const { json } = await call("/api/auth/session", { token: u.token });
  return json.data;
}

/** The session row's token: the part of the signed bearer token / cookie value before the dot. */
export function rawToken(signed: string): string {
  return decodeURIComponent(signed.replace(/^better-auth\.session_token=/, "")).split(".")[0]!;
}

/** Makes a session expire on the server, as if its seven days had passed. */
export async function expireSession(signed: string): Promise<void> {
  const r = await env.DB.prepare("UPDATE session SET expires_at = ? WHERE token = ?")
    .bind(Date.now() - 60_000, rawToken(signed))
    .run();
  if (r.meta.changes !== 1) throw new Error("no such session");
}

export async function countRows(sql: string, ...args: unknown[]): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${sql}`)
    .bind(...args)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Writes the three membership fields straight into D1 (payment is out of scope). */
export async function setPlanInDb(userId: string, isMember: boolean, plan: string, expireAt: Date | null = null): Promise<void> {
  await env.DB.prepare("UPDATE user SET is_member = ?, member_plan = ?, member_expire_at = ? WHERE id = ?")
    .bind(isMember ? 1 : 0, plan, expireAt ? expireAt.getTime() : null, userId)
    .run();
}

export function currentMonth(): string {
  return new Date().toISOString().slice(0, 7);
}

/** The user's current organization id as the session reports it. */
export async function orgOf(u: TestUser): Promise<string> {
  return (await session(u)).organizationId;
}

export async function inviteCodeOf(admin: TestUser, orgId: string): Promise<string> {
  const r = await call(`/api/organizations/${orgId}/invite`, { token: admin.token });
  expect(r.status).toBe(200);
  return r.json.data.inviteCode;
}

/** An admin with an own organization and a second user who joined it as a member. */
export async function teamOfTwo(adminName = "Alice Admin", memberName = "Bob Member") {
  const admin = await signUp(adminName);
  const member = await signUp(memberName);
  const orgId = await orgOf(admin);
  const joined = await call("/api/organizations/join", { token: member.token, body: { inviteCode: await inviteCodeOf(admin, orgId) } });
  expect(joined.status).toBe(200);
  return { admin, member, orgId };
}

export const DEV_EMAIL = "dev@example.com";

/** The developer of DEV_EMAILS; signs up once per workerd (files may share its storage), then signs in. */
export async function devUser(): Promise<TestUser> {
  const existing = await env.DB.prepare("SELECT id FROM user WHERE email = ?").bind(DEV_EMAIL).first<{ id: string }>();
  if (!existing) return signUp("Dev Eloper", DEV_EMAIL);
  const r = await signIn(DEV_EMAIL);
  expect(r.status).toBe(200);
  return { id: existing.id, email: DEV_EMAIL, name: "Dev Eloper", password: PASSWORD, token: r.token, cookie: r.cookie };
}

/** Asserts the error envelope `{code, data: null, message}` with the given status and, if given, text. */
export function expectError(r: Pick<CallResult, "status" | "json">, status: number, message?: string | RegExp): void {
  expect({ status: r.status, code: r.json?.code, data: r.json?.data }).toEqual({ status, code: status, data: null });
  if (typeof message === "string") expect(r.json.message).toBe(message);
  else if (message) expect(r.json.message).toMatch(message);
  else expect(r.json.message).toEqual(expect.any(String));
}

/** Without a session, and with a dead or forged one, the call is refused with the 401 envelope. */
export async function expectSignedOutRefused(path: string, method = "GET", body?: unknown): Promise<void> {
  for (const auth of [{}, { token: "not-a-real-token" }, { cookie: "better-auth.session_token=forged.value" }]) {
    const r = await call(path, { method, body, ...auth });
    expect(r.status, `${method} ${path}`).toBe(401);
    expect(r.json).toEqual(UNAUTHORIZED);
  }
}

export async function expectMalformedJsonRefused(path: string, method: string, token: string): Promise<void> {
  for (const rawBody of ["{", '{"a":', "not json", ""]) {
    const r = await call(path, { method, token, rawBody, headers: { "content-type": "application/json" } });
    expectError(r, 400, MALFORMED);
  }
}

/** A valid JSON text sent under another content type is refused with 415 and changes nothing. */
export async function expectWrongContentTypeRefused(path: string, method: string, token: string, validBody: unknown): Promise<void> {
  const text = JSON.stringify(validBody);
  for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
    const r = await call(path, { method, token, rawBody: text, headers: { "content-type": type } });
    expect.soft(r.status, `${method} ${path} as ${type}`).toBe(415);
  }
}

export async function expectNonObjectRefused(path: string, method: string, token: string): Promise<void> {
  for (const rawBody of ["null", "[]", "42", '"text"']) {
    const r = await call(path, { method, token, rawBody, headers: { "content-type": "application/json" } });
    expectError(r, 400);
  }
}

/**
 * The checks every JSON-taking endpoint shares: malformed JSON → 400 with the spec's text, a body
 * that is not JSON by content type → 415, JSON that is not an object → 400 with a message.
 */
export async function expectJsonBodyChecks(path: string, method: string, token: string, validBody: unknown): Promise<void> {
  await expectMalformedJsonRefused(path, method, token);
  await expectWrongContentTypeRefused(path, method, token, validBody);
  await expectNonObjectRefused(path, method, token);
}

/**
 * For files that count every row and object a sweep removes: fails unless nothing but the schema is
 * stored yet, i.e. the file runs first in its workerd (vitest.worker.config.ts's sequencer sees to it).
 */
export async function expectNothingStoredYet(): Promise<void> {
  const users = await countRows("user");
  const objects = (await env.FILES.list({ limit: 1 })).objects.length;
  expect({ users, objects }, "storage other test files wrote to: this file must run first in its workerd").toEqual({ users: 0, objects: 0 });
}
