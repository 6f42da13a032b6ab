import { workerFetch } from "../worker-fetch";
import { env } from "cloudflare:test";
import { ORIGIN, freshIp } from "../helpers";
import type { ProbeRequest } from "./route-table";

export interface ProbeAnswer {
  status: number;
  text: string;
}

/** Sends one probe as the holder of `token` (none: signed out); a WebSocket it opens is closed again. */
export async function sendProbe(req: ProbeRequest, token?: string): Promise<ProbeAnswer> {
  const headers: Record<string, string> = { origin: ORIGIN, "cf-connecting-ip": freshIp(), ...req.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (req.form) {
    const form = new FormData();
    form.append("file", new File(["planted by an outsider"], "planted.txt", { type: "text/plain" }));
    body = form;
  } else if (req.rawBody !== undefined) body = req.rawBody;
  else if (req.body !== undefined) {
    body = JSON.stringify(req.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await workerFetch(`${ORIGIN}${req.path}`, { method: req.method ?? "GET", headers, body });
  if (res.webSocket) {
    res.webSocket.accept();
    res.webSocket.close(1000, "probe");
    return { status: res.status, text: "" };
  }
  return { status: res.status, text: await res.text() };
}

/** Secrets of organization A in `text` that the request itself did not carry. */
export function leaksIn(text: string, req: ProbeRequest, secrets: string[]): string[] {
  const sent = JSON.stringify(req);
  return secrets.filter((s) => text.includes(s) && !sent.includes(s));
}

/** Tables whose rows change by themselves (rate limits, presence, one-time verifications). */
const VOLATILE = new Set(["rate_limit", "verification", "user_presence", "d1_migrations"]);

/** Every stored row of D1 and every R2 object's key and etag, to compare before and after an attack. */
export async function storedState(): Promise<Record<string, unknown>> {
  const tables = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE '%fts%'",
  ).all<{ name: string }>();
  const state: Record<string, unknown> = {};
  for (const { name } of tables.results) {
    if (VOLATILE.has(name)) continue;
    const rows = await env.DB.prepare(`SELECT * FROM "${name}"`).all();
    state[name] = rows.results.map((r) => JSON.stringify(r)).sort();
  }
  const objects: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.FILES.list({ cursor });
    objects.push(...page.objects.map((o) => `${o.key} ${o.etag}`));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  state.r2 = objects.sort();
  return state;
}

/**
 * The stored state once nothing is still being written: work a setup started (an agent's first
 * turn, a queue job) may land a moment later and must not count as a change made by the attack.
 */
export async function settledState(): Promise<Record<string, unknown>> {
  let last = JSON.stringify(await storedState());
  for (let i = 0; i < 20; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = JSON.stringify(await storedState());
    if (now === last) return JSON.parse(now);
    last = now;
  }
  throw new Error("stored state never settled");
}
