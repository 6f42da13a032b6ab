// What a user can reach from inside a real terminal of their workspace (A).
// Everything runs through the real host, real bubblewrap and a real PTY; assertions are what the
// attacker sees. The host runs as root here (as on a developer machine and in CI), so the jail
// is what stands between the terminal and the host.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs/promises";
import path from "node:path";
import { hostPidsMatching, openTerminal, runIn, startSandbox, waitFor, type Sandbox } from "./helpers.ts";

let sb: Sandbox;
let a: Awaited<ReturnType<typeof openTerminal>>;
let b: Awaited<ReturnType<typeof openTerminal>>;
const A = "/workspaces/esc-u1/proj-a";
const B = "/workspaces/esc-u2/proj-b";
const REPO = path.resolve(import.meta.dirname, "../..");

beforeAll(async () => {
  sb = await startSandbox();
  expect(sb.logs()).toContain('"isolation":"jail"');
  for (const w of [A, B]) expect((await sb.api("POST", w, { init: true })).status).toBe(201);
  a = await openTerminal(sb.base, A.slice("/workspaces/".length));
  b = await openTerminal(sb.base, B.slice("/workspaces/".length));
}, 30_000);
afterAll(async () => {
  for (const t of [a, b]) t?.socket.close();
  await sb?.stop();
});

/** How many host processes run as `uid`. */
async function processesOf(uid: number): Promise<number> {
  let n = 0;
  for (const pid of await hostPidsMatching("")) {
    const status = await fs.readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
    if (new RegExp(`^Uid:\\s+${uid}\\s`, "m").test(status)) n++;
  }
  return n;
}

function bDir(): string {
  return path.join(sb.root, "workspaces", "esc-u2", "proj-b");
}

describe("a terminal of workspace A", () => {
  it("runs as an unprivileged uid of its own with no capabilities, in /workspace", async () => {
    const out = await runIn(a, "id -u; id -un; pwd; grep -E '^Cap(Eff|Prm|Bnd)' /proc/self/status");
    const [uid, name, pwd] = out.trim().split(/\r?\n/);
    expect(Number(uid)).toBeGreaterThanOrEqual(20001);
    expect(name).toBe("workspace");
    expect(pwd).toBe("/workspace");
    expect(out).toMatch(/CapEff:\s+0+\r?\n/);
    expect(out).toMatch(/CapBnd:\s+0+\r?\n/);
    // B has another uid.
    expect(Number(await runIn(b, "id -u"))).not.toBe(Number(uid));
  });

  it("sees neither other workspaces nor host files", async () => {
    const paths = [
      bDir(),
      sb.root,
      path.join(sb.root, "workspaces"),
      REPO,
      path.join(REPO, ".dev.vars"),
      path.join(REPO, ".wrangler"),
      "/root",
      "/etc/shadow",
      "/home",
    ];
    const out = await runIn(a, paths.map((p) => `test -e '${p}' && echo "FOUND ${p}"`).join("; ") + "; ls -a .. ../.. | tr '\\n' ' '");
    expect(out).not.toContain("FOUND");
    expect(out).not.toMatch(/esc-u2|proj-b|workspaces/);
    expect(await runIn(a, "cat ../../esc-u2/proj-b/README.md 2>&1; ls /etc | tr '\\n' ' '")).not.toContain("# proj-b");
    expect(await runIn(a, "cat /etc/passwd")).not.toMatch(/^(?!root|workspace)\w+:/m);
  });

  it("sees only its own processes and cannot read the host's environment", async () => {
    const out = await runIn(
      a,
      "ls /proc | grep -cE '^[0-9]+$'; cat /proc/1/environ 2>&1 | head -c 200; echo; test -e /proc/" + sb.pid + "/environ && echo HOSTPROC",
    );
    expect(Number(out.trim().split(/\r?\n/)[0])).toBeLessThan(10);
    expect(out).not.toContain("SANDBOX_SECRET");
    expect(out).not.toContain("HOSTPROC");
    const env = await runIn(a, "env | cut -d= -f1 | sort | tr '\\n' ' '");
    const names = env.trim().split(/\s+/);
    expect(names.some((n) => n.startsWith("SANDBOX_") || n.startsWith("npm_") || n.startsWith("VITEST") || n === "NODE_OPTIONS")).toBe(false);
    for (const n of names)
      expect(["PATH", "HOME", "LANG", "USER", "LOGNAME", "SHELL", "TERM", "COLORTERM", "PWD", "OLDPWD", "SHLVL", "_", "LINES", "COLUMNS"]).toContain(n);
  });

  it("cannot signal the host or B's processes", async () => {
    await runIn(b, "sleep 31400 & true");
    const [victim] = await waitFor(async () => {
      const pids = await hostPidsMatching("sleep 31400");
      return pids.length ? pids : null;
    }, "B's job on the host");
    const out = await runIn(a, `kill -9 ${sb.pid} ${victim} 1 2>&1; echo rc=$?`);
    expect(out).toMatch(/rc=[1-9]/);
    expect(await hostPidsMatching("sleep 31400")).toContain(victim);
    expect((await sb.api("GET", "/health")).status).toBe(200);
    await runIn(b, "kill %1");
  });

  it("stops a memory hog at its limit", async () => {
    const out = await runIn(a, `python3 -c "b = bytearray(3 * 1024 ** 3); print('ALLOCATED')" 2>&1 | tail -1`, 30_000);
    expect(out).toContain("MemoryError");
    expect(out).not.toContain("ALLOCATED");
  });

  it("keeps a fork bomb inside: the host and B's terminal still answer, closing A's terminal ends it", async () => {
    const bomb = await openTerminal(sb.base, A.slice("/workspaces/".length));
    const aUid = Number((await runIn(a, "id -u")).trim());
    bomb.send({ type: "input", data: "bomb(){ bomb|bomb& };bomb\r" });
    await new Promise((r) => setTimeout(r, 3000));
    // It really runs, and stops at the workspace's process limit (128; a little slack for races).
    const during = await processesOf(aUid);
    expect(during).toBeGreaterThan(20);
    expect(during).toBeLessThanOrEqual(140);
    const t0 = Date.now();
    expect((await sb.api("GET", "/health")).status).toBe(200);
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(await runIn(b, "echo b-still-$((40+2))", 20_000)).toContain("b-still-42");
    bomb.socket.close();
    await bomb.closed;
    // The jail's init died with the terminal, and the kernel ended everything in its pid namespace.
    await waitFor(async () => (await processesOf(aUid)) <= 1, "the fork bomb to end", 20_000); // A's own shell is left
  }, 60_000);
});

describe("files the host writes for the workspace", () => {
  it("belong to the workspace user, who can change them in the terminal", async () => {
    expect((await sb.api("PUT", `${A}/file`, { path: "deep/new/file.txt", content: "from the API\n" })).status).toBe(200);
    const out = await runIn(a, "stat -c '%u %U' deep deep/new deep/new/file.txt | sort -u; echo more >> deep/new/file.txt && echo appended");
    expect(out).toMatch(/^\d+ workspace\r?\nappended/);
    expect((await sb.api("GET", `${A}/file?path=deep/new/file.txt`)).json.content).toBe("from the API\nmore\n");
  });
});

describe("a root host without bubblewrap", () => {
  it("refuses terminals and git with a clear error, unless unisolated shells are allowed explicitly", async () => {
    const [refusing, allowing] = await Promise.all([
      startSandbox({ SANDBOX_BWRAP: "/nonexistent/bwrap" }),
      startSandbox({ SANDBOX_BWRAP: "/nonexistent/bwrap", SANDBOX_ALLOW_UNISOLATED: "1" }),
    ]);
    try {
      expect(refusing.logs()).toContain('"isolation":"refused"');
      const init = await refusing.api("POST", "/workspaces/nb-u/p", { init: true });
      expect(init.status).toBe(503);
      expect(init.json.error).toMatch(/apt-get install -y bubblewrap/);
      expect((await refusing.api("POST", "/workspaces/nb-u/q")).status).toBe(201); // a plain folder is fine
      await expect(openTerminal(refusing.base, "nb-u/q")).rejects.toThrow(/503/);
      expect((await refusing.api("GET", "/workspaces/nb-u/q/git/status")).status).toBe(503);

      expect(allowing.logs()).toContain('"isolation":"unisolated"');
      expect((await allowing.api("POST", "/workspaces/nb-u/p", { init: true })).status).toBe(201);
      const t = await openTerminal(allowing.base, "nb-u/p");
      expect(await runIn(t, "echo ${SANDBOX_SECRET:-no-secret}")).toContain("no-secret");
      t.socket.close();
    } finally {
      await Promise.all([refusing.stop(), allowing.stop()]);
    }
  }, 30_000);
});
