// Git routes. git always runs through execFile with an argument array (never a shell string),
// inside the workspace, with prompts disabled so a call can never hang waiting for input.
import fs from "node:fs/promises";
import path from "node:path";
import * as v from "valibot";
import { HttpError, ok, readJson } from "./http.ts";
import { readInside, resolveInside } from "./paths.ts";
import type { Ctx } from "./context.ts";
import type { Workspace } from "./jail.ts";
import { git } from "./git-run.ts";
import { writeAsWorkspace } from "./owned-fs.ts";

export { git, type GitResult } from "./git-run.ts";

async function gitOrFail(ws: Workspace, args: string[]): Promise<string> {
  const r = await git(ws, args);
  if (r.code !== 0) throw new Error(`git ${args[0]} failed: ${r.stderr.trim()}`);
  return r.stdout;
}

/** New projects start on main (and a master branch switches to main on its next commit). */
export const DEFAULT_BRANCH = "main";

/** Creates the initial repository of a new workspace: branch main, one commit of a README. */
export async function initRepo(ws: Workspace, title: string): Promise<void> {
  if (await fs.stat(path.join(ws.dir, ".git")).catch(() => null)) return;
  await gitOrFail(ws, ["init", "-q", "-b", DEFAULT_BRANCH]);
  const readme = path.join(ws.dir, "README.md");
  if (!(await fs.stat(readme).catch(() => null))) await writeAsWorkspace(ws, readme, `# ${title}\n`);
  await gitOrFail(ws, ["add", "-A"]);
  await gitOrFail(ws, ["commit", "-q", "-m", "Initial commit"]);
}

export async function requireRepo(ws: Workspace): Promise<void> {
  const r = await git(ws, ["rev-parse", "--is-inside-work-tree"]);
  if (r.code !== 0) throw new HttpError(400, "Not a git repository");
}

function statusName(x: string, y: string): string {
  if (x === "?" && y === "?") return "untracked";
  if (x === "D" || y === "D") return "deleted";
  if (x === "A") return "added";
  if (x === "R") return "renamed";
  if (x === "C") return "copied";
  return "modified";
}

/** The branch from `status --branch`'s first record ("HEAD" when detached). */
function branchOf(header: string): string {
  const line = header.replace(/^## /, "");
  const unborn = /^(?:No commits yet|Initial commit) on (.+)$/.exec(line);
  if (unborn) return unborn[1] ?? "HEAD";
  if (line.startsWith("HEAD (no branch)")) return "HEAD";
  return line.split("...")[0]?.split(" ")[0] || "HEAD";
}

export async function status(ctx: Ctx): Promise<void> {
  // Two jailed git calls, side by side (each costs a jail): status with its branch, and remotes.
  const [st, remotes] = await Promise.all([git(ctx.ws, ["status", "--porcelain=v1", "-z", "--branch", "--untracked-files=all"]), git(ctx.ws, ["remote"])]);
  if (st.code !== 0) {
    if (/not a git repository/i.test(st.stderr)) throw new HttpError(400, "Not a git repository");
    throw new Error(`git status failed: ${st.stderr.trim()}`);
  }
  const parts = st.stdout.split("\0");
  const branch = branchOf(parts[0] ?? "");
  const files: { filePath: string; status: string }[] = [];
  for (let i = 1; i < parts.length; i++) {
    const entry = parts[i] ?? "";
    if (entry.length < 4) continue;
    const x = entry[0] ?? " ";
    const y = entry[1] ?? " ";
    files.push({ filePath: entry.slice(3), status: statusName(x, y) });
    if (x === "R" || x === "C") i++; // -z puts the rename source in the next field
  }
  ok(ctx.res, { branch, files, hasChanges: files.length > 0, hasRemote: remotes.stdout.trim().length > 0 });
}

export async function diff(ctx: Ctx): Promise<void> {
  await requireRepo(ctx.ws);
  const { abs, rel } = await resolveInside(ctx.wsDir, ctx.url.searchParams.get("path"));
  if (!rel) throw new HttpError(400, "path is required");
  // HEAD side: empty when the file is new (or there is no commit yet).
  const head = await git(ctx.ws, ["show", "--no-textconv", "--no-ext-diff", `HEAD:${rel}`]);
  const original = head.code === 0 ? head.stdout : "";
  const st = await fs.stat(abs).catch(() => null);
  if (st && !st.isFile()) throw new HttpError(400, "Not a file");
  const modified = st ? ((await readInside(ctx.wsDir, abs))?.toString("utf8") ?? "") : "";
  ok(ctx.res, { path: rel, original, modified, existsInHead: head.code === 0, existsInWorkingDir: !!st });
}

export async function commits(ctx: Ctx): Promise<void> {
  await requireRepo(ctx.ws);
  const raw = Number(ctx.url.searchParams.get("limit") ?? 50);
  const limit = Number.isInteger(raw) && raw > 0 ? Math.min(raw, 500) : 50;
  // Unit/record separators keep messages with any punctuation parseable.
  const r = await git(ctx.ws, ["log", "--no-textconv", "--no-ext-diff", `-n${limit}`, "--format=%H%x1f%s%x1f%an%x1f%aI%x1e"]);
  if (r.code !== 0) return ok(ctx.res, { commits: [] }); // no commit yet
  const list = r.stdout
    .split("\x1e")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((rec) => {
      const [hash = "", message = "", author = "", date = ""] = rec.split("\x1f");
      return { hash, message, author, date };
    });
  ok(ctx.res, { commits: list });
}

const CommitBody = v.object({ message: v.pipe(v.string(), v.trim(), v.minLength(1, "message is required"), v.maxLength(5000)) });

/** The current branch's name, or null on a detached HEAD. */
export async function branchName(ws: Workspace): Promise<string | null> {
  return (await git(ws, ["symbolic-ref", "--short", "-q", "HEAD"])).stdout.trim() || null;
}

/** A branch named master becomes main (unless a main exists already); returns the branch after it. */
async function masterToMain(ws: Workspace, hasHead: boolean): Promise<string | null> {
  const branch = await branchName(ws);
  if (branch !== "master") return branch;
  if ((await git(ws, ["rev-parse", "-q", "--verify", `refs/heads/${DEFAULT_BRANCH}`])).code === 0) return branch;
  // An unborn master has no ref to rename: pointing HEAD at main is the whole change.
  await gitOrFail(ws, hasHead ? ["branch", "-m", "master", DEFAULT_BRANCH] : ["symbolic-ref", "HEAD", `refs/heads/${DEFAULT_BRANCH}`]);
  return DEFAULT_BRANCH;
}

/** Files, added and deleted lines of one commit (against its first parent; binary files count 0/0). */
export async function commitStats(ws: Workspace, hash: string): Promise<{ filesChanged: number; additions: number; deletions: number }> {
  const out = await gitOrFail(ws, ["show", "--no-textconv", "--no-ext-diff", "--no-renames", "--numstat", "--format=", "-z", hash]);
  let filesChanged = 0;
  let additions = 0;
  let deletions = 0;
  for (const record of out.split("\0")) {
    const m = /^\s*(\d+|-)\t(\d+|-)\t/.exec(record);
    if (!m) continue;
    filesChanged++;
    additions += m[1] === "-" ? 0 : Number(m[1]);
    deletions += m[2] === "-" ? 0 : Number(m[2]);
  }
  return { filesChanged, additions, deletions };
}

export async function commit(ctx: Ctx): Promise<void> {
  const body = await readJson(ctx.req, CommitBody);
  await requireRepo(ctx.ws);
  await gitOrFail(ctx.ws, ["add", "-A"]);
  // With no HEAD yet, anything staged is a change; otherwise compare the index against HEAD.
  const hasHead = (await git(ctx.ws, ["rev-parse", "-q", "--verify", "HEAD"])).code === 0;
  const staged = hasHead
    ? (await git(ctx.ws, ["diff", "--cached", "--quiet", "--no-ext-diff", "--no-textconv"])).code !== 0
    : (await gitOrFail(ctx.ws, ["ls-files"])).trim().length > 0;
  if (!staged) throw new HttpError(400, "Nothing to commit");
  const branch = await masterToMain(ctx.ws, hasHead);
  await gitOrFail(ctx.ws, ["commit", "-q", "-m", body.message]);
  const hash = (await gitOrFail(ctx.ws, ["rev-parse", "HEAD"])).trim();
  ok(ctx.res, { hash, message: body.message, branch, ...(await commitStats(ctx.ws, hash)) });
}

const CheckoutBody = v.object({
  hash: v.optional(v.string()),
  commitHash: v.optional(v.string()), // the spec's field name
});

export async function checkout(ctx: Ctx): Promise<void> {
  const body = await readJson(ctx.req, CheckoutBody);
  const hash = body.hash ?? body.commitHash ?? "";
  if (!/^[0-9a-f]{4,40}$/i.test(hash)) throw new HttpError(400, "hash must be a hex commit id");
  await requireRepo(ctx.ws);
  const exists = await git(ctx.ws, ["cat-file", "-e", `${hash}^{commit}`]);
  if (exists.code !== 0) throw new HttpError(404, "Commit not found");
  // The UI confirms before this: uncommitted changes to tracked files are discarded.
  const r = await git(ctx.ws, ["checkout", "-q", "-f", "--detach", hash]);
  if (r.code !== 0) throw new HttpError(409, `Checkout failed: ${r.stderr.trim()}`);
  const head = (await gitOrFail(ctx.ws, ["rev-parse", "HEAD"])).trim();
  ok(ctx.res, { hash: head });
}
