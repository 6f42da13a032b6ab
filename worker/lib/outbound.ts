import type { Env } from "../env";
import { addressAllowed, parseAllowList } from "./outbound-address";
import { readCapped } from "./read-capped";

/**
 * Requests the Worker sends to addresses a user typed (a GitLab server, an import URL). Without
 * these rules the Worker is a port scanner for whoever signs up: it would reach loopback, the
 * cloud metadata service and the private network, and its answers would tell open ports from
 * closed ones. So: only public addresses (or GIT_HOSTS_ALLOW_PRIVATE), redirects followed by hand
 * and re-checked on every hop, one timeout for the whole exchange, and every way of not getting an
 * answer (refused, reset, closed, timed out, bad redirect) ends the same way after the same time.
 */

/** The one text for "this address may not be contacted", decided before any connection is made. */
export const ADDRESS_NOT_ALLOWED = "This server address is not allowed";

export class AddressNotAllowed extends Error {
  constructor() {
    super(ADDRESS_NOT_ALLOWED);
  }
}
/** No usable answer; deliberately carries no detail of why. */
export class Unreachable extends Error {}

const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_HOPS = 3;
/** A listing bigger than this is no GitLab/GitHub page; reading it would only cost memory. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Credentials that must not follow a redirect to another host. */
const CREDENTIAL_HEADERS = ["authorization", "private-token", "cookie"];

export function outboundTimeoutMs(env: Env): number {
  const n = Number(env.GIT_HOSTS_TIMEOUT_MS);
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_TIMEOUT_MS;
}

/** Throws AddressNotAllowed unless the URL's scheme is one of `schemes` and its host may be contacted. */
export function checkOutboundUrl(env: Env, url: URL, schemes: readonly string[] = ["http:", "https:"]): void {
  if (!schemes.includes(url.protocol) || !addressAllowed(url, parseAllowList(env.GIT_HOSTS_ALLOW_PRIVATE))) throw new AddressNotAllowed();
}

/** Same host, or the same host moving from http to https: credentials may follow. */
function sameHost(from: URL, to: URL): boolean {
  return from.hostname === to.hostname && (from.origin === to.origin || (from.protocol === "http:" && to.protocol === "https:"));
}

/**
 * fetch with the rules above. Returns the first non-redirect answer; throws AddressNotAllowed for
 * a refused address (first URL or any redirect target) and Unreachable for everything else.
 */
export async function outboundFetch(env: Env, rawUrl: string, init: RequestInit = {}): Promise<Response> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new AddressNotAllowed();
  }
  const signal = AbortSignal.timeout(outboundTimeoutMs(env));
  const headers = new Headers(init.headers);
  let method = (init.method ?? "GET").toUpperCase();
  let body = init.body ?? undefined;
  for (let hop = 0; ; hop++) {
    checkOutboundUrl(env, url);
    let res: Response;
    try {
      res = await fetch(url.toString(), { method, headers, body, redirect: "manual", signal });
    } catch {
      throw new Unreachable();
    }
    if (!REDIRECTS.has(res.status)) return res;
    await res.body?.cancel();
    const location = res.headers.get("location");
    if (!location || hop >= MAX_HOPS) throw new Unreachable();
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      throw new Unreachable();
    }
    checkOutboundUrl(env, next);
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === "POST")) {
      method = "GET";
      body = undefined;
      headers.delete("content-type");
    }
    if (!sameHost(url, next)) {
      for (const h of CREDENTIAL_HEADERS) headers.delete(h);
      // A password in a body is not replayed to another host.
      if (body !== undefined) throw new Unreachable();
    }
    url = next;
  }
}

/** The answer's JSON, or null when it is not JSON, too big, or cut off. */
export async function boundedJson<T>(res: Response): Promise<T | null> {
  if (Number(res.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) {
    await res.body?.cancel();
    return null;
  }
  try {
    const bytes = res.body ? await readCapped(res.body, MAX_BODY_BYTES) : null;
    return bytes ? (JSON.parse(new TextDecoder().decode(bytes)) as T) : null;
  } catch {
    return null;
  }
}

/**
 * Waits until the failure is as old as the timeout, so a closed port (instant), a filtered one
 * (timeout) and a non-HTTP service (garbage, then close) all answer after the same time.
 */
export async function settleFailure(env: Env, startedAt: number): Promise<void> {
  const left = startedAt + outboundTimeoutMs(env) - Date.now();
  if (left > 0) await new Promise((r) => setTimeout(r, left));
}
