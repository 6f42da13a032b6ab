import { beforeAll, describe, expect, it } from "vitest";
import { call, signIn, type TestUser } from "../helpers";
import { framesOf, inbox, settle } from "../chat-helpers";
import { openSocket } from "../socket-helpers";
import { USER_ID_HEADER } from "../../../worker/rooms/chat-room/types";
import { mountedRoutes } from "./route-inventory";
import { ROUTE_PROBES, type ProbeRequest, type RouteProbe } from "./route-table";
import { leaksIn, sendProbe, settledState, storedState } from "./probe";
import { buildWorld, type World } from "./world";

/** Everything the grid found wrong, one line each, so one run reports every hole at once. */
type Findings = string[];

function describeReq(req: ProbeRequest): string {
  return `${req.method ?? "GET"} ${req.path}${req.body !== undefined ? ` ${JSON.stringify(req.body).slice(0, 160)}` : ""}`;
}

/** Bob and the stranger hold real sessions; the other two callers have none. */
const SIGNED_IN = new Set(["Bob", "stranger"]);

async function attack(probe: RouteProbe, req: ProbeRequest, who: string, token: string | undefined, w: World, found: Findings): Promise<void> {
  const answer = await sendProbe(req, token);
  const allowed = SIGNED_IN.has(who) ? (probe.self ? null : (probe.outsider ?? [403, 404])) : probe.public ? null : [401];
  const where = `${who}: ${describeReq(req)} → ${answer.status}`;
  if (answer.status >= 500) found.push(`${where} (server error) ${answer.text.slice(0, 200)}`);
  else if (allowed && !allowed.includes(answer.status)) found.push(`${where}, expected ${allowed.join("/")}: ${answer.text.slice(0, 200)}`);
  const leaks = leaksIn(answer.text, req, w.secrets);
  if (leaks.length) found.push(`${where} leaks ${leaks.join(", ")}`);
}

/** Bob (another organization), the stranger, and the signed-out with no or a forged token. */
function outsiders(w: World): [string, string | undefined][] {
  return [
    ["Bob", w.bob.token],
    ["stranger", w.stranger.token],
    ["signed out", undefined],
    ["forged token", "forged.not-a-session"],
  ];
}

/**
 * Runs every request of every probe as every outsider. Probes that change the caller's own
 * account (sign-out, revoking sessions) get a fresh session each, so Bob's main one survives.
 */
async function attackAll(probes: RouteProbe[], w: World): Promise<Findings> {
  const found: Findings = [];
  for (const probe of probes) {
    for (const req of probe.requests(w)) {
      for (const [who, token] of outsiders(w)) {
        const user = who === "Bob" ? w.bob : who === "stranger" ? w.stranger : null;
        const fresh = probe.own && user ? (await signIn(user.email)).token : token;
        await attack(probe, req, who, fresh, w, found);
      }
    }
  }
  return found;
}

describe("cross-tenant grid: organization A against organization B, a stranger and the signed-out", () => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld();
  }, 120_000);

  it("lists every route worker/index.ts mounts, exactly once, so a new route cannot skip the grid", () => {
    const mounted = mountedRoutes().map((r) => `${r.method} ${r.path}`);
    const listed = ROUTE_PROBES.map((p) => p.route);
    expect(mounted.length).toBeGreaterThan(100);
    expect(
      mounted.filter((r) => !listed.includes(r)),
      "routes missing from route-table.ts",
    ).toEqual([]);
    expect(
      listed.filter((r) => !mounted.includes(r)),
      "table entries for routes that do not exist",
    ).toEqual([]);
    expect(
      listed.filter((r, i) => listed.indexOf(r) !== i),
      "listed twice",
    ).toEqual([]);
  });

  it("refuses every outsider on every route, leaks none of A's ids or names, and changes nothing stored", async () => {
    // Routes that only change the caller's own things run first; they are checked for leaks only.
    const found = await attackAll(
      ROUTE_PROBES.filter((p) => p.own),
      w,
    );
    // Those included revoking all of one's sessions: Bob and the stranger sign in again.
    for (const u of [w.bob, w.stranger]) u.token = (await signIn(u.email)).token;
    const before = await settledState();
    found.push(
      ...(await attackAll(
        ROUTE_PROBES.filter((p) => !p.own),
        w,
      )),
    );
    const after = await storedState();
    expect(found).toEqual([]);
    for (const table of Object.keys(before)) expect(after[table], `stored ${table}`).toEqual(before[table]);
    // Alice's session outlived Bob's attempt to revoke it by its token.
    expect((await call("/api/auth/session", { token: w.alice.token })).json.data?.id).toBe(w.alice.id);
  }, 240_000);

  it("gives Amy, a plain member of A, a member's rights and no owner's", async () => {
    const found: Findings = [];
    for (const probe of ROUTE_PROBES.filter((p) => p.member !== undefined)) {
      for (const [i, req] of probe.requests(w).entries()) {
        const expected = Array.isArray(probe.member) ? probe.member[i] : probe.member;
        const answer = await sendProbe(req, w.amy.token);
        if (answer.status !== expected) found.push(`Amy: ${describeReq(req)} → ${answer.status}, expected ${expected}: ${answer.text.slice(0, 200)}`);
      }
    }
    expect(found).toEqual([]);
  }, 120_000);

  it("opens no socket of A's chats, inboxes or terminal to outsiders, even with a forged user header", async () => {
    const forged = { [USER_ID_HEADER]: w.alice.id, "x-user-id": w.alice.id };
    const paths = [
      `/api/chats/${w.groupId}/ws`,
      `/api/chats/${w.privateChatId}/ws`,
      `/api/chats/${w.projectChatId}/ws`,
      `/api/coding-projects/${w.projectId}/terminal`,
    ];
    const statuses: Record<string, number> = {};
    for (const path of paths) {
      for (const [who, token] of outsiders(w)) {
        statuses[`${who} ${path}`] = (await sendProbe({ path, headers: { upgrade: "websocket", ...forged } }, token)).status;
      }
    }
    const expected = Object.fromEntries(Object.keys(statuses).map((k) => [k, k.startsWith("Bob") || k.startsWith("stranger") ? 404 : 401]));
    expect(statuses).toEqual(expected);
  }, 60_000);

  it("keeps A's realtime events out of outsiders' inboxes, whatever user they name", async () => {
    const spy = (u: TestUser) => openSocket(`/api/inbox/ws?userId=${w.alice.id}`, u.token, { [USER_ID_HEADER]: w.alice.id });
    const [bobInbox, strangerInbox, amyInbox] = await Promise.all([spy(w.bob), spy(w.stranger), inbox(w.amy)]);
    const renamed = await call(`/api/group-chats/${w.groupId}`, { method: "PUT", token: w.alice.token, body: { name: "Quasar Blueprint II" } });
    expect(renamed.status).toBe(200);
    // Amy hears it: the event was sent, so silence on the other two sockets means something.
    await framesOf(amyInbox, (f) => JSON.stringify(f).includes(w.groupId));
    await settle(300);
    for (const sock of [bobInbox, strangerInbox]) {
      expect(sock.frames.filter((f) => w.secrets.some((s) => JSON.stringify(f).includes(s)))).toEqual([]);
      sock.close();
    }
    amyInbox.close();
  }, 30_000);
});
