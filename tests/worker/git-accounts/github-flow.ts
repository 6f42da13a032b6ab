import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { expect } from "vitest";
import worker from "../../../worker/index";
import { ORIGIN, freshIp, type TestUser } from "../helpers";

/** Drives "Authorize GitHub" through the Worker and the fake GitHub (tests/fakes/github-oauth.ts). */

export const FAKE = (env as unknown as { FAKE_GIT_HOSTS_URL: string }).FAKE_GIT_HOSTS_URL;
const handler: ExportedHandler<Cloudflare.Env> = worker;

export interface Answer {
  status: number;
  text: string;
  json: any;
  location: string | null;
}

/** One request to the Worker, optionally with other settings than the test bindings. */
export async function send(
  path: string,
  opts: { token?: string; cookie?: string; method?: string; accept?: string; body?: unknown; overrides?: Partial<Cloudflare.Env> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { origin: ORIGIN, "cf-connecting-ip": freshIp() };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.accept) headers.accept = opts.accept;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  const ctx = createExecutionContext();
  const res = await handler.fetch!(
    new Request(`${ORIGIN}${path}`, {
      method: opts.method ?? (opts.body ? "POST" : "GET"),
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    }),
    { ...env, ...opts.overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  // Bad gateway is the import's answer when the clone fails; nothing else may be a 5xx.
  if (res.status !== 502) expect(res.status, text).toBeLessThan(500);
  return { status: res.status, text, json, location: res.headers.get("location") };
}

/** A GitHub login nobody else in the run uses (logins starting with `expiring` get refreshable tokens). */
export function uniqueLogin(prefix = "octo"): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 8)}`;
}

/** Starts the authorization as `u` and lets the fake GitHub sign in `login`: the Worker's callback path with code and state. */
export async function startAuthorization(u: TestUser, login: string, extra = ""): Promise<string> {
  const start = await send("/api/auth/github/authorize?returnTo=%2Fworkspace%3Fx%3D1", { token: u.token });
  expect(start.status).toBe(302);
  const github = await fetch(`${start.location}&login=${login}${extra}`, { redirect: "manual" });
  expect(github.status).toBe(302);
  const back = new URL(github.headers.get("location")!);
  expect(back.origin).toBe(ORIGIN);
  return back.pathname + back.search;
}

/** The whole flow: afterwards `u` has `login`'s GitHub account connected. */
export async function connectGithub(u: TestUser, login: string): Promise<void> {
  const done = await send(await startAuthorization(u, login));
  expect(done.status, done.text).toBe(302);
  expect(done.location).toBe("/workspace?x=1&github=connected");
}

export interface FakeRecord {
  method: string;
  path: string;
  authorization: string | null;
  body: string;
  login: string | null;
}

/** What the fake GitHub answered so far (all files share it: pick by login or token). */
export async function githubRecord(): Promise<FakeRecord[]> {
  return (await (await fetch(`${FAKE}/github-oauth/__requests`)).json()) as FakeRecord[];
}

/** The access token the Worker last sent for `login` (read off the fake's record: D1 holds only ciphertext). */
export async function lastTokenOf(login: string): Promise<string> {
  const mine = (await githubRecord()).filter((r) => r.login === login && r.authorization?.startsWith("Bearer "));
  return mine.pop()!.authorization!.replace(/^Bearer /, "");
}

export async function tokenLive(token: string): Promise<boolean> {
  const answer = (await (await fetch(`${FAKE}/github-oauth/__live`, { method: "POST", body: token })).json()) as { live: boolean };
  return answer.live;
}
