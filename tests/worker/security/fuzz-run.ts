import { workerFetch } from "../worker-fetch";
import { ORIGIN, freshIp } from "../helpers";
import { fuzzBody, fuzzQueryValue } from "./fuzz-bodies";
import type { FuzzRequest, Planned } from "./fuzz-corpus";
import { FUZZ_QUERIES, FUZZ_ROUTES } from "./fuzz-routes";
import type { Rng } from "./fuzz-values";
import type { World } from "./world";

/** True logs every request before it is sent, to find one that hangs. */
const TRACE = false;

export interface Tally {
  sent: number;
  byStatus: Record<number, number>;
  /** Every 5xx that came back when the same request was sent again alone, with what caused it (kept short). */
  serverErrors: string[];
  /**
   * 5xx answers that did not come back on a quiet replay: the sandbox host timing out (503
   * "Request timeout" after 10 s) while the machine is saturated, not something the input caused.
   */
  transient: string[];
  /** Broken bodies a state-changing route answered with 2xx: each is a hole in its validation. */
  accepted: string[];
  /** Coverage keys of the planned requests that were answered. */
  covered: Set<string>;
}

/** The next generated request: a broken body to a JSON route or a nasty query to a read route. */
export function nextRequest(r: Rng, w: World): FuzzRequest {
  if (r.next() < 0.8) {
    const route = r.pick(FUZZ_ROUTES);
    const body = fuzzBody(r, route.valid(w), route.fields, route.optional);
    return { method: route.method, url: route.path(w), contentType: body.contentType, body: body.text };
  }
  const q = r.pick(FUZZ_QUERIES);
  const params = new URLSearchParams();
  for (const name of q.params) if (r.next() < 0.7) params.set(name, fuzzQueryValue(r));
  return { method: "GET", url: `${q.path(w)}?${params}` };
}

async function sendOne(req: FuzzRequest, token: string): Promise<number> {
  const headers: Record<string, string> = { origin: ORIGIN, "cf-connecting-ip": freshIp(), authorization: `Bearer ${token}` };
  if (req.contentType) headers["content-type"] = req.contentType;
  const res = await workerFetch(`${ORIGIN}${req.url}`, { method: req.method, headers, body: req.body });
  await res.arrayBuffer();
  return res.status;
}

/** Sends the planned requests, then `random` generated ones, as `token`, `concurrency` at a time, and counts the answers. */
export async function fuzzHttp(
  r: Rng,
  w: World,
  token: string,
  planned: Planned<FuzzRequest>[],
  random: number,
  concurrency: number,
  tally: Tally,
): Promise<void> {
  let issued = 0;
  const count = planned.length + random;
  const worker = async () => {
    while (issued < count) {
      const plan = planned[issued];
      issued += 1;
      const req = plan?.input ?? nextRequest(r, w);
      if (TRACE) console.log(`fuzz> ${req.method} ${req.url.slice(0, 150)} [${req.contentType}] ${(req.body ?? "").slice(0, 100)}`);
      const status = await sendOne(req, token);
      tally.sent += 1;
      tally.byStatus[status] = (tally.byStatus[status] ?? 0) + 1;
      for (const k of plan?.covers ?? []) tally.covered.add(k);
      if (req.method !== "GET" && status < 300 && tally.accepted.length < 50)
        tally.accepted.push(`${status} ${req.method} ${req.url.slice(0, 200)} [${req.contentType}] ${(req.body ?? "").slice(0, 200)}`);
      if (status >= 500) suspects.push(req);
    }
  };
  const suspects: FuzzRequest[] = [];
  await Promise.all(Array.from({ length: concurrency }, worker));
  for (const req of suspects.slice(0, 50)) {
    const again = await sendOne(req, token);
    const line = `${again} ${req.method} ${req.url.slice(0, 200)} [${req.contentType}] ${(req.body ?? "").slice(0, 200)}`;
    (again >= 500 ? tally.serverErrors : tally.transient).push(line);
  }
  // More than 50 suspects is a failure whatever their replays say.
  if (suspects.length > 50) tally.serverErrors.push(`${suspects.length} requests answered 5xx`);
}
