// Where a clone may connect. The host name is resolved once here and refused when any address is
// private, loopback, link-local, unique-local, CGNAT, multicast, reserved or unspecified (unless
// SANDBOX_ALLOW_PRIVATE_GIT=1, as in tests that clone from a git daemon on loopback); the clone is
// then pinned to the checked address so DNS cannot answer differently the second time (rebinding).
// Credentials in the URL are taken out: the remote stored in .git/config never carries them.
import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";
import { HttpError } from "./http.ts";

/** One text for every refusal and every connection failure: no port scan through the host. */
export const UNREACHABLE = "Clone failed: the repository could not be reached or read";

export type CloneTarget = {
  /** The URL without user:password, as stored as the remote. */
  cleanUrl: string;
  /** The URL git connects to (git:// gets the checked address in place of the name). */
  fetchUrl: string;
  /** `-c` settings for this one clone (address pinning). */
  config: string[];
  /** Environment for this one clone (the credentials, as an HTTP header never written to disk). */
  env: Record<string, string>;
};

export function addressAllowed(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  // Everything ipaddr.js knows as special (private, loopback, linkLocal, uniqueLocal,
  // carrierGradeNat, multicast, unspecified, reserved, broadcast, 6to4/teredo relays...) is refused.
  return ip.range() === "unicast";
}

function defaultPort(protocol: string): number {
  return protocol === "https:" ? 443 : protocol === "http:" ? 80 : 9418;
}

async function resolveChecked(host: string, allowPrivate: boolean): Promise<string> {
  const bare = host.replace(/^\[|\]$/g, "");
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(bare) ? [bare] : (await lookup(bare, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    throw new HttpError(422, UNREACHABLE);
  }
  const first = addresses[0];
  if (!first) throw new HttpError(422, UNREACHABLE);
  // Every answer must be public, not only the first: git's resolver could pick any of them.
  if (!allowPrivate && !addresses.every(addressAllowed)) throw new HttpError(422, UNREACHABLE);
  return first;
}

export async function cloneTarget(url: URL, allowPrivate: boolean): Promise<CloneTarget> {
  const env: Record<string, string> = {};
  if (url.username || url.password) {
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new HttpError(400, "Invalid repository URL");
    const user = decodeURIComponent(url.username);
    const pass = decodeURIComponent(url.password);
    const token = Buffer.from(`${user}:${pass}`).toString("base64");
    // GIT_CONFIG_* variables: visible to neither /proc/<pid>/cmdline nor .git/config.
    Object.assign(env, { GIT_CONFIG_COUNT: "1", GIT_CONFIG_KEY_0: "http.extraHeader", GIT_CONFIG_VALUE_0: `Authorization: Basic ${token}` });
  }
  const clean = new URL(url.href);
  clean.username = "";
  clean.password = "";
  if (url.protocol === "file:") return { cleanUrl: clean.href, fetchUrl: clean.href, config: [], env };

  const address = await resolveChecked(url.hostname, allowPrivate);
  const port = url.port ? Number(url.port) : defaultPort(url.protocol);
  const literal = address.includes(":") ? `[${address}]` : address;
  if (url.protocol === "git:") {
    const fetch = new URL(clean.href);
    fetch.hostname = literal;
    return { cleanUrl: clean.href, fetchUrl: fetch.href, config: [], env };
  }
  // curl keeps the name for TLS (SNI, certificate) and the Host header but connects to `address`.
  // No redirects: a redirect could send the clone to an address nobody checked. A literal address
  // needs no pinning (nothing to resolve again).
  const pin = ipaddr.isValid(url.hostname.replace(/^\[|\]$/g, "")) ? [] : ["-c", `http.curloptResolve=${url.hostname}:${port}:${literal}`];
  const config = [...pin, "-c", "http.followRedirects=false"];
  return { cleanUrl: clean.href, fetchUrl: clean.href, config, env };
}
