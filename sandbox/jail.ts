// Where everything a workspace runs (terminals, git, clones) is started. Three modes:
//   jail        the host runs as root and bubblewrap works: every command runs as the workspace's
//               own uid, in its own mount/pid/ipc/uts namespaces, seeing /usr, a minimal /etc and
//               its workspace only, with no capabilities and resource limits;
//   direct      the host is not root (the production container runs it as an unprivileged user,
//               one container per user): commands run directly, the container is the boundary;
//   unisolated  root without bubblewrap, only with SANDBOX_ALLOW_UNISOLATED=1 (development).
// Root without bubblewrap and without that setting refuses terminals and commands.
// Children never inherit process.env (it holds SANDBOX_SECRET): their environment is built here.
import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { HttpError } from "./http.ts";
import { identityFiles, workspaceUid } from "./uids.ts";

export type JailMode = "jail" | "direct" | "unisolated" | "refused";
export const NO_ISOLATION = "Workspace isolation is unavailable: the sandbox host runs as root without bubblewrap (apt-get install -y bubblewrap)";
export const JAIL_PATH = "/usr/local/bin:/usr/bin:/bin";

/** Resource limits of a jailed process (per process; nproc counts every process of the uid). */
export const LIMITS = {
  nproc: 128, // a fork bomb stops here, inside the workspace's own uid
  dataBytes: 2 * 1024 * 1024 * 1024, // RLIMIT_DATA, not RLIMIT_AS: V8 reserves huge virtual ranges
  fileBytes: 1024 * 1024 * 1024,
  nofile: 4096,
  cpuSecondsInteractive: 4 * 3600,
  cpuSecondsCommand: 300,
};

let mode: JailMode | null = null;
/** The bubblewrap binary; SANDBOX_BWRAP points elsewhere (tests use a missing one to see the refusal). */
const BWRAP = process.env.SANDBOX_BWRAP || "bwrap";

function bwrapWorks(): boolean {
  const probe = ["--ro-bind", "/usr", "/usr", "--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64", "/lib64", "--unshare-pid", "--", "/usr/bin/true"];
  const r = spawnSync(BWRAP, probe, { timeout: 10_000, env: { PATH: JAIL_PATH } });
  return r.status === 0;
}

/** Decided once per process; `SANDBOX_JAIL=off` forces direct mode only when the host is not root. */
export function jailMode(): JailMode {
  if (mode) return mode;
  const root = process.getuid?.() === 0;
  if (!root) mode = "direct";
  else if (bwrapWorks()) mode = "jail";
  else mode = process.env.SANDBOX_ALLOW_UNISOLATED === "1" ? "unisolated" : "refused";
  return mode;
}

export type Workspace = { root: string; dir: string };
export type Command = { file: string; args: string[]; env: Record<string, string>; cwd: string; uid: number | null };
export type CommandOptions = {
  interactive?: boolean;
  /** Variables for the command itself (never on a command line, where /proc would show them). */
  env?: Record<string, string>;
  /** Host paths shown read-only in the jail, as [host, jail] (file:// clones in tests). */
  readOnly?: [string, string][];
  /** Host paths shown writable in the jail, as [host, jail] (file:// push remotes in tests). */
  writable?: [string, string][];
  /** RLIMIT_CPU for a command that may run longer than the default limit allows. */
  cpuSeconds?: number;
};

/** The uid the workspace's files and processes belong to (null outside jail mode). */
export async function uidOf(ws: Workspace): Promise<number | null> {
  return jailMode() === "jail" ? workspaceUid(ws.root, ws.dir) : null;
}

function baseEnv(home: string, interactive: boolean, extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = { PATH: JAIL_PATH, HOME: home, LANG: "C.UTF-8", USER: "workspace", LOGNAME: "workspace", SHELL: "/bin/bash" };
  if (interactive) Object.assign(env, { TERM: "xterm-256color", COLORTERM: "truecolor" });
  return { ...env, ...extra };
}

/** The host paths the jail sees read-only besides /usr (each only if it exists). */
const ETC = [
  "/etc/alternatives",
  "/etc/ssl",
  "/etc/ca-certificates",
  "/etc/resolv.conf",
  "/etc/hosts",
  "/etc/nsswitch.conf",
  "/etc/localtime",
  "/etc/bash.bashrc",
  "/etc/inputrc",
  "/etc/terminfo",
  "/etc/mime.types",
];

/**
 * How to start `argv` for a workspace. In jail mode `argv` sees the workspace as /workspace
 * (its working directory); otherwise it runs in the workspace folder itself.
 */
export async function workspaceCommand(ws: Workspace, argv: string[], opts: CommandOptions = {}): Promise<Command> {
  const m = jailMode();
  const interactive = !!opts.interactive;
  if (m === "refused") throw new HttpError(503, NO_ISOLATION);
  if (m !== "jail") {
    const [file = "true", ...args] = argv;
    return { file, args, env: baseEnv(ws.dir, interactive, opts.env), cwd: ws.dir, uid: null };
  }
  const uid = await workspaceUid(ws.root, ws.dir);
  await adoptWorkspace(ws, uid);
  const ids = await identityFiles(ws.root, uid);
  const cpu = opts.cpuSeconds ?? (interactive ? LIMITS.cpuSecondsInteractive : LIMITS.cpuSecondsCommand);
  const limits = [
    `--nproc=${LIMITS.nproc}`,
    `--data=${LIMITS.dataBytes}`,
    `--fsize=${LIMITS.fileBytes}`,
    `--nofile=${LIMITS.nofile}`,
    `--cpu=${cpu}`,
    `--core=0`,
  ];
  const fsArgs = [
    "--ro-bind",
    "/usr",
    "/usr",
    "--symlink",
    "usr/bin",
    "/bin",
    "--symlink",
    "usr/sbin",
    "/sbin",
    "--symlink",
    "usr/lib",
    "/lib",
    "--symlink",
    "usr/lib64",
    "/lib64",
    // Folders bwrap creates itself would be 0700 root: readable /etc, sticky world-writable /tmp.
    "--perms",
    "0755",
    "--dir",
    "/etc",
    ...ETC.flatMap((p) => ["--ro-bind-try", p, p]),
    "--ro-bind",
    ids.passwd,
    "/etc/passwd",
    "--ro-bind",
    ids.group,
    "/etc/group",
    "--bind",
    ws.dir,
    "/workspace",
    "--proc",
    "/proc",
    "--dev",
    "/dev",
    "--perms",
    "1777",
    "--tmpfs",
    "/tmp",
    ...(opts.readOnly ?? []).flatMap(([host, inJail]) => ["--ro-bind", host, inJail]),
    ...(opts.writable ?? []).flatMap(([host, inJail]) => ["--bind", host, inJail]),
  ];
  // The network stays shared: services a workspace starts must be reachable for Service Status
  // and previews (a known limit, see sandbox/README.md).
  const ns = ["--unshare-pid", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try", "--share-net", "--hostname", "workspace", "--die-with-parent"];
  // Commands get a new session (no TIOCSTI into anything); a terminal keeps its PTY as controlling tty.
  const session = interactive ? [] : ["--new-session"];
  const drop = ["setpriv", `--reuid=${uid}`, `--regid=${uid}`, "--clear-groups", "--inh-caps=-all", "--bounding-set=-all", "--no-new-privs", "--"];
  return {
    file: "prlimit",
    args: [...limits, "--", BWRAP, ...fsArgs, ...ns, ...session, "--chdir", "/workspace", "--", ...drop, ...argv],
    // bwrap and setpriv pass this environment on unchanged; nothing of the host's is in it.
    env: baseEnv("/workspace", interactive, opts.env),
    cwd: ws.dir,
    uid,
  };
}

/**
 * Workspaces created before isolation (or restored by root) belong to root: the first command
 * hands the whole tree to the workspace's uid once (without following symlinks).
 */
export async function adoptWorkspace(ws: Workspace, uid: number): Promise<void> {
  const st = await fs.lstat(ws.dir).catch(() => null);
  if (!st || st.uid === uid) return;
  const stack = [ws.dir];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    await fs.lchown(dir, uid, uid).catch(() => {});
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) stack.push(abs);
      else await fs.lchown(abs, uid, uid).catch(() => {});
    }
  }
}
