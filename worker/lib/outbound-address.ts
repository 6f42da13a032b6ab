import ipaddr from "ipaddr.js";

/**
 * Which hosts the Worker may contact on a user's behalf (git hosts, imports). A Worker cannot
 * resolve DNS, so the decision is made on every literal form a host can take: IP literals in any
 * notation a resolver or git accepts (`127.1`, `0x7f.1`, `2130706433`, `0177.0.0.1`, `[::1]`,
 * `[::ffff:127.0.0.1]`), names that only mean something inside a network (`localhost`, single
 * labels, `.local`, `.internal`, …) and wildcard-DNS names that spell an address (`10.0.0.1.nip.io`).
 * Only public unicast addresses pass; everything else needs an entry in GIT_HOSTS_ALLOW_PRIVATE.
 */

/** Suffixes that never name a usable public host (RFC 2606, 6761, 6762, 8375, and common internal zones). */
const INTERNAL_SUFFIXES = [
  "localhost",
  "localdomain",
  "local",
  "internal",
  "home.arpa",
  "lan",
  "intranet",
  "corp",
  "private",
  "test",
  "invalid",
  "example",
  "onion",
  "example.com",
  "example.net",
  "example.org",
];

/** Public domains whose every name resolves to 127.0.0.1 (a favourite way round a name check). */
const LOOPBACK_DOMAINS = ["localtest.me", "lvh.me", "vcap.me", "lacolhost.com"];

/** Letters, digits, hyphens and dots only: anything else (percent escapes, `%zone`, `_`) is refused. */
const PLAIN_NAME = /^[a-z0-9-]+(\.[a-z0-9-]+)*$/;

/** Four numbers joined by dots or dashes inside a name, as nip.io/sslip.io style names carry. */
const EMBEDDED_V4 = /(?:^|[.-])(\d{1,3})[.-](\d{1,3})[.-](\d{1,3})[.-](\d{1,3})(?=$|[.-])/g;

export interface HostPort {
  /** Canonical: an IP in ipaddr.js's normal form, or a lower-case name without trailing dot. */
  host: string;
  port: string;
}

function canonicalHost(raw: string): string {
  const host = raw
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.+$/, "");
  // IPv4 in loose forms (short, octal, hex, one number) parses here as a resolver would read it.
  if (ipaddr.isValid(host)) return ipaddr.process(host).toString();
  return host;
}

/** IPv4-compatible IPv6 (`::127.0.0.1`): deprecated, and "unicast" to ipaddr.js, but never a public host. */
const V4_COMPATIBLE = ipaddr.parseCIDR("::/96");

/** Public unicast only: a v4-mapped IPv6 address is judged by its IPv4 part. */
function isPublicIp(host: string): boolean {
  const addr = ipaddr.process(host);
  if (addr.kind() === "ipv6" && addr.match(V4_COMPATIBLE)) return false;
  return addr.range() === "unicast";
}

function isPublicName(host: string): boolean {
  if (!PLAIN_NAME.test(host) || !host.includes(".")) return false;
  if ([...INTERNAL_SUFFIXES, ...LOOPBACK_DOMAINS].some((s) => host === s || host.endsWith(`.${s}`))) return false;
  // A purely numeric name that is not a valid IP (e.g. 999.1) is no public host either.
  if (/^[0-9.]+$/.test(host)) return false;
  for (const m of host.matchAll(EMBEDDED_V4)) {
    const v4 = m.slice(1, 5).join(".");
    if (ipaddr.IPv4.isValidFourPartDecimal(v4) && !isPublicIp(v4)) return false;
  }
  return true;
}

const DEFAULT_PORTS: Record<string, string> = { "http:": "80", "https:": "443", "git:": "9418" };

/**
 * The host and port a URL connects to. Non-special schemes (git://) keep their host opaque in the
 * URL parser, so the authority is also read as http would read it and both readings are checked.
 */
export function hostsOf(url: URL): HostPort[] {
  const port = url.port || DEFAULT_PORTS[url.protocol] || "";
  const readings = [canonicalHost(url.hostname)];
  try {
    readings.push(canonicalHost(new URL(`http://${url.host}/`).hostname));
  } catch {
    readings.push("");
  }
  return [...new Set(readings)].map((host) => ({ host, port }));
}

/** `GIT_HOSTS_ALLOW_PRIVATE`: comma-separated `host` or `host:port` entries (IPv6 in brackets). */
export function parseAllowList(setting: string | undefined): HostPort[] {
  return (setting ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean)
    .flatMap((entry) => {
      try {
        const u = new URL(`http://${entry}/`);
        return [{ host: canonicalHost(u.hostname), port: u.port }];
      } catch {
        return [];
      }
    });
}

function allowedByList(target: HostPort, list: HostPort[]): boolean {
  return list.some((e) => e.host === target.host && (e.port === "" || e.port === target.port));
}

/** Whether every reading of the URL's host is a public address, or listed as allowed. */
export function addressAllowed(url: URL, allowList: HostPort[]): boolean {
  return hostsOf(url).every((t) => {
    if (!t.host) return false;
    if (allowedByList(t, allowList)) return true;
    return ipaddr.isValid(t.host) ? isPublicIp(t.host) : isPublicName(t.host);
  });
}
