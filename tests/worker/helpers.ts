import { SELF } from "cloudflare:test";

export const ORIGIN = "http://localhost";
let ipCounter = 0;

/** A fresh client address per caller, so the sign-in rate limit only bites the test that wants it. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  rawBody?: string;
  token?: string;
  cookie?: string;
  headers?: Record<string, string>;
}

export async function call(path: string, opts: CallOptions = {}): Promise<{ status: number; json: any; res: Response }> {
  const headers: Record<string, string> = { origin: ORIGIN, "cf-connecting-ip": freshIp(), ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.cookie) headers.cookie = opts.cookie;
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await SELF.fetch(`${ORIGIN}${path}`, { method: opts.method ?? (body ? "POST" : "GET"), headers, body });
  const text = await res.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
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

/** Signs up a new user through the real sign-up route and returns both ways of being them. */
export async function signUp(name = "Test User", email?: string): Promise<TestUser> {
  userCounter += 1;
  const address = email ?? `user${userCounter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = "correct horse battery";
  const { status, json, res } = await call("/api/auth/sign-up/email", { body: { name, email: address, password } });
  if (status !== 200) throw new Error(`sign-up failed: ${status} ${JSON.stringify(json)}`);
  const token = res.headers.get("set-auth-token") ?? json.token;
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
  return { id: json.user.id, email: address, name, password, token, cookie };
}

export async function session(u: { token: string }) {
  const { json } = await call("/api/auth/session", { token: u.token });
  return json.data;
}
