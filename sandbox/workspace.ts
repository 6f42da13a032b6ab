// Creating and removing whole workspaces: an empty folder, a fresh repository (`init`), or a
// shallow clone of a remote repository (`cloneUrl`). git runs without a shell, without prompts and
// only over the transports allowed here, so a repository URL cannot run anything on the host.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import * as v from "valibot";
import { HttpError } from "./http.ts";
import { git, initRepo } from "./git.ts";
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
export function checkCloneUrl(raw: string, allowFile: boolean): { url: string; protocols: string } {
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
  return { url: raw, protocols: schemes.map((s) => s.slice(0, -1)).join(":") };
}

function run(cwd: string, args: string[], protocols: string): Promise<{ code: number | null; stderr: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    execFile(
      "git",
      args,
      {
        cwd,
        timeout: CLONE_TIMEOUT_MS,
        maxBuffer: 4 * 1024 * 1024,
        // GIT_ALLOW_PROTOCOL also applies to submodules and redirects; no prompt can ever block.
        env: { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_ALLOW_PROTOCOL: protocols, GIT_ASKPASS: "echo", SSH_ASKPASS: "echo" },
      },
      (err, _stdout, stderr) => {
        const e = err as (NodeJS.ErrnoException & { killed?: boolean; code?: number | string }) | null;
        resolve({ code: e ? (typeof e.code === "number" ? e.code : 1) : 0, stderr: String(stderr), timedOut: !!e?.killed });
      },
    );
  });
}

/** The last meaningful line git printed, which names the cause ("repository … not found"). */
function reasonOf(stderr: string): string {
  const lines = stderr
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("Cloning into") && !l.startsWith("warning:"));
  return (lines.at(-1) ?? "git clone failed").replace(/^fatal:\s*/, "").slice(0, 300);
}

async function isEmptyDir(dir: string): Promise<boolean> {
  const names = await fs.readdir(dir).catch(() => null);
  return names === null || names.length === 0;
}

/**
 * `git clone --depth 50 [--branch b] <url> .` into the workspace, which must be empty. A failed or
 * timed-out clone leaves no workspace behind, so the caller can retry (e.g. without the branch).
 */
export async function cloneInto(wsDir: string, cloneUrl: string, branch: string | undefined, allowFile: boolean): Promise<void> {
  const { url, protocols } = checkCloneUrl(cloneUrl, allowFile);
  if (!(await isEmptyDir(wsDir))) throw new HttpError(409, "Workspace is not empty");
  await fs.mkdir(wsDir, { recursive: true });
  const args = ["clone", "-q", `--depth=${CLONE_DEPTH}`, ...(branch ? [`--branch=${branch}`] : []), "--", url, "."];
  const r = await run(wsDir, args, protocols);
  if (r.code === 0) return;
  await fs.rm(wsDir, { recursive: true, force: true });
  if (r.timedOut) throw new HttpError(504, `Clone timed out after ${CLONE_TIMEOUT_MS / 1000} s`);
  throw new HttpError(422, `Clone failed: ${reasonOf(r.stderr)}`);
}

export async function currentBranch(wsDir: string): Promise<string | null> {
  if (!(await fs.stat(path.join(wsDir, ".git")).catch(() => null))) return null;
  return (await git(wsDir, ["symbolic-ref", "--short", "-q", "HEAD"])).stdout.trim() || null;
}

/** Creates the workspace as the body asks; returns whether it existed before. */
export async function createWorkspace(wsDir: string, projectId: string, body: CreateBody, allowFile: boolean): Promise<boolean> {
  const existed = !!(await fs.stat(wsDir).catch(() => null))?.isDirectory();
  if (body.cloneUrl) {
    await cloneInto(wsDir, body.cloneUrl, body.branch, allowFile);
    return existed;
  }
  await fs.mkdir(wsDir, { recursive: true });
  if (body.init) await initRepo(wsDir, body.title?.trim() || projectId);
  return existed;
}

/** Ends the workspace's terminals and processes, then removes its folder. */
export async function deleteWorkspace(wsDir: string): Promise<void> {
  if (!(await fs.stat(wsDir).catch(() => null))?.isDirectory()) throw new HttpError(404, "Workspace not found");
  await stopWorkspace(wsDir);
  await fs.rm(wsDir, { recursive: true, force: true });
}
