// Creating and removing whole workspaces: an empty folder, a fresh repository (`init`), or a
// shallow clone of a remote repository (`cloneUrl`). git runs in the workspace's jail, without a
// shell or prompts, only over the transports allowed here and only to public addresses (clone-target.ts).
import fs from "node:fs/promises";
import path from "node:path";
import * as v from "valibot";
import { HttpError } from "./http.ts";
import { git, initRepo } from "./git.ts";
import { protocolConfig } from "./git-run.ts";
import { cloneTarget, UNREACHABLE } from "./clone-target.ts";
import { jailMode, uidOf, type Workspace } from "./jail.ts";
import { stopWorkspace } from "./services.ts";

export const CLONE_TIMEOUT_MS = 120_000;
export const CLONE_DEPTH = 50;

export const CreateBody = v.object({
  init: v.optional(v.boolean(), false),
  /** The heading of the README that `init` commits (default: the project id). */
  title: v.optional(v.pipe(v.string(), v.maxLength(200))),
  cloneUrl: v.optional(v.pipe(v.string(), v.minLength(1, "cloneUrl is empty"), v.maxLength(2048, "cloneUrl is too long"))),
  branch: v.optional(v.pipe(v.string(), v.regex(/^(?!-)(?!.*\.\.)[A-Za-z0-9._/-]{1,200}$/, "Invalid branch name"))),
});
export type CreateBody = v.InferOutput<typeof CreateBody>;

/**
 * Only http(s):// and git:// are cloned; file:// only when the host allows it (tests). ssh needs
 * keys the host does not have, and transports like `ext::` would run commands.
 */
export function checkCloneUrl(raw: string, allowFile: boolean): { url: URL; protocols: string[] } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new HttpError(400, "Invalid repository URL");
  }
  const schemes = allowFile ? ["http:", "https:", "git:", "file:"] : ["http:", "https:", "git:"];
  if (!schemes.includes(url.protocol)) {
    throw new HttpError(400, `Unsupported repository URL: use ${allowFile ? "http(s)://, git:// or file://" : "http(s):// or git://"}`);
  }
  if (url.protocol === "file:" && (url.host !== "" || !url.pathname.startsWith("/"))) throw new HttpError(400, "Invalid repository URL");
  return { url, protocols: schemes.map((s) => s.slice(0, -1)) };
}

/**
 * Why a clone failed, in words that do not tell an open port from a closed one: only a branch
 * the (reachable, real git) server does not have is named; everything else is one text.
 */
function reasonOf(stderr: string, branch: string | undefined): string {
  if (branch && /Remote branch .* not found/i.test(stderr)) return `Clone failed: remote branch ${branch} not found`;
  return UNREACHABLE;
}

async function isEmptyDir(dir: string): Promise<boolean> {
  const names = await fs.readdir(dir).catch(() => null);
  return names === null || names.length === 0;
}

export type CloneOptions = { allowFile: boolean; allowPrivate: boolean };

/**
 * `git clone --depth 50 [--branch b] <url> .` into the workspace, which must be empty, inside the
 * workspace's jail. A failed or timed-out clone leaves no workspace behind, so the caller can retry
 * (e.g. without the branch).
 */
export async function cloneInto(ws: Workspace, cloneUrl: string, branch: string | undefined, opts: CloneOptions): Promise<void> {
  const { url, protocols } = checkCloneUrl(cloneUrl, opts.allowFile);
  if (!(await isEmptyDir(ws.dir))) throw new HttpError(409, "Workspace is not empty");
  const target = await cloneTarget(url, opts.allowPrivate);
  await makeWorkspaceDir(ws);
  const local = url.protocol === "file:";
  // A local source (tests only) is shown read-only inside the jail at /source.
  const source = local ? decodeURIComponent(url.pathname).replace(/\/+$/, "") : undefined;
  const sourceExists = source ? !!(await fs.stat(source).catch(() => null))?.isDirectory() : true;
  const fetchUrl = source && jailMode() === "jail" ? "file:///source" : target.fetchUrl;
  const args = ["clone", "-q", `--depth=${CLONE_DEPTH}`, "--no-recurse-submodules", ...(branch ? [`--branch=${branch}`] : []), "--", fetchUrl, "."];
  const config = [...protocolConfig(protocols), ...target.config];
  const env: Record<string, string> = { ...target.env, GIT_ALLOW_PROTOCOL: protocols.join(":") };
  const readOnly: [string, string][] = [];
  if (source && jailMode() === "jail") {
    // The test's source repository belongs to another user; git 2.39 honours safe.directory only
    // from a global file, so this one clone gets one that trusts the read-only /source.
    readOnly.push([source, "/source"], [await localCloneConfig(ws.root), "/etc/gitconfig-local-clone"]);
    env.GIT_CONFIG_GLOBAL = "/etc/gitconfig-local-clone";
  }
  const r = sourceExists
    ? await git(ws, args, { config, env, readOnly, timeoutMs: CLONE_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 })
    : { code: 128, stderr: "", stdout: "", timedOut: false };
  if (r.code === 0) {
    // The stored remote is the URL as given, minus credentials (git:// had the address in it).
    await git(ws, ["remote", "set-url", "origin", target.cleanUrl]);
    return;
  }
  await fs.rm(ws.dir, { recursive: true, force: true });
  // A local source (tests only) may say why; a network one says nothing that tells ports apart.
  if (local && !r.timedOut) throw new HttpError(422, `Clone failed: ${/^fatal: (.*)$/m.exec(r.stderr)?.[1]?.slice(0, 300) ?? "git clone failed"}`);
  throw new HttpError(422, reasonOf(r.stderr, branch));
}

/** A global git config trusting every repository: only for local (test) sources and remotes in the jail. */
export async function localCloneConfig(root: string): Promise<string> {
  const file = path.join(root, ".jail", "local-clone.gitconfig");
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, "[safe]\n\tdirectory = *\n");
  return file;
}

/** The workspace folder, created if needed and owned by the workspace's uid. */
async function makeWorkspaceDir(ws: Workspace): Promise<void> {
  await fs.mkdir(ws.dir, { recursive: true, mode: 0o755 });
  const uid = await uidOf(ws);
  if (uid !== null) await fs.chown(ws.dir, uid, uid);
}

export async function currentBranch(ws: Workspace): Promise<string | null> {
  if (!(await fs.stat(path.join(ws.dir, ".git")).catch(() => null))) return null;
  return (await git(ws, ["symbolic-ref", "--short", "-q", "HEAD"])).stdout.trim() || null;
}

/** Creates the workspace as the body asks; returns whether it existed before. */
export async function createWorkspace(ws: Workspace, projectId: string, body: CreateBody, opts: CloneOptions): Promise<boolean> {
  const existed = !!(await fs.stat(ws.dir).catch(() => null))?.isDirectory();
  if (body.cloneUrl) {
    await cloneInto(ws, body.cloneUrl, body.branch, opts);
    return existed;
  }
  await makeWorkspaceDir(ws);
  if (body.init) await initRepo(ws, body.title?.trim() || projectId);
  return existed;
}

/** Ends the workspace's terminals and processes, then removes its folder. */
export async function deleteWorkspace(ws: Workspace): Promise<void> {
  if (!(await fs.stat(ws.dir).catch(() => null))?.isDirectory()) throw new HttpError(404, "Workspace not found");
  await stopWorkspace(ws);
  await fs.rm(ws.dir, { recursive: true, force: true });
}
