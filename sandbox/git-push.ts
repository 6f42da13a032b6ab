// `git push` of the current branch (or a named one) to a configured remote, with the same care as
// a clone: the remote's URL is read from the repository (which the workspace controls) and checked
// like a clone URL (allowed schemes, public addresses, pinned address, credentials sent as a
// header), git runs in the workspace's jail with only that scheme allowed, no prompts, 120 s.
import { pathToFileURL } from "node:url";
import * as v from "valibot";
import { HttpError, ok, readJson } from "./http.ts";
import type { Ctx } from "./context.ts";
import { jailMode, type Workspace } from "./jail.ts";
import { git, protocolConfig } from "./git-run.ts";
import { branchName, requireRepo } from "./git.ts";
import { cloneTarget } from "./clone-target.ts";
import { checkCloneUrl, localCloneConfig, type CloneOptions } from "./workspace.ts";

export const PUSH_TIMEOUT_MS = 120_000;
const NAME = /^(?!-)(?!.*\.\.)[A-Za-z0-9._/-]{1,200}$/;

export const PushBody = v.object({
  remote: v.optional(v.pipe(v.string(), v.regex(/^(?!-)[A-Za-z0-9._-]{1,100}$/, "Invalid remote name")), "origin"),
  branch: v.optional(v.pipe(v.string(), v.regex(NAME, "Invalid branch name"))),
});

/** Credentials in any URL of a message are replaced by nothing. */
export function scrubCredentials(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@'"]+@/gi, "$1");
}

/** The line of git's stderr that says what went wrong (a rejected ref, else the first error). */
export function pushError(stderr: string): string {
  const lines = stderr
    .split("\n")
    .map((l) => l.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  const line = lines.find((l) => /^(fatal|error):|^! /.test(l)) ?? lines.find((l) => !/^(To |hint:)/.test(l)) ?? "git push failed";
  return line.replace(/^(fatal|error): |^! /, "").slice(0, 300);
}

type Destination = {
  url: string;
  cleanUrl: string;
  config: string[];
  env: Record<string, string>;
  readOnly: [string, string][];
  writable: [string, string][];
};

/** Where the push goes: the remote's push URL, checked and pinned like a clone's. */
async function destination(ws: Workspace, remote: string, opts: CloneOptions): Promise<Destination> {
  let raw = (await git(ws, ["remote", "get-url", "--push", remote])).stdout.trim();
  // A plain path remote is a local repository: tests only, like file:// clones.
  if (opts.allowFile && raw.startsWith("/")) raw = pathToFileURL(raw).href;
  let checked: ReturnType<typeof checkCloneUrl>;
  try {
    checked = checkCloneUrl(raw, opts.allowFile);
  } catch {
    throw new HttpError(422, `Push failed: the remote URL is not supported (use ${opts.allowFile ? "http(s)://, git:// or file://" : "http(s):// or git://"})`);
  }
  const { url, protocols } = checked;
  const target = await cloneTarget(url, opts.allowPrivate).catch(() => {
    throw new HttpError(422, "Push failed: the repository could not be reached");
  });
  const config = [...protocolConfig(protocols), ...target.config];
  const env: Record<string, string> = { ...target.env, GIT_ALLOW_PROTOCOL: protocols.join(":") };
  if (url.protocol !== "file:" || jailMode() !== "jail") return { url: target.fetchUrl, cleanUrl: target.cleanUrl, config, env, readOnly: [], writable: [] };
  // A local remote (tests only) is shown writable inside the jail at /remote; it belongs to
  // another user, so this one push trusts it (git 2.39 reads safe.directory only globally).
  const local = decodeURIComponent(url.pathname).replace(/\/+$/, "");
  env.GIT_CONFIG_GLOBAL = "/etc/gitconfig-local-clone";
  const readOnly: [string, string][] = [[await localCloneConfig(ws.root), "/etc/gitconfig-local-clone"]];
  return { url: "file:///remote", cleanUrl: target.cleanUrl, config, env, readOnly, writable: [[local, "/remote"]] };
}

export async function push(ctx: Ctx, opts: CloneOptions): Promise<void> {
  const body = await readJson(ctx.req, PushBody);
  const ws = ctx.ws;
  await requireRepo(ws);
  const remotes = (await git(ws, ["remote"])).stdout.split("\n").filter(Boolean);
  if (remotes.length === 0) throw new HttpError(400, "No remote configured");
  if (!remotes.includes(body.remote)) throw new HttpError(400, `Unknown remote: ${body.remote}`);
  const current = await branchName(ws);
  const branch = body.branch ?? current;
  if (!branch) throw new HttpError(400, "Nothing to push: HEAD is not on a branch");
  const ref = `refs/heads/${branch}`;
  const head = await git(ws, ["rev-parse", "-q", "--verify", `${ref}^{commit}`]);
  if (head.code !== 0) throw new HttpError(400, branch === current ? `Nothing to push: branch ${branch} has no commits` : `Branch not found: ${branch}`);

  const dest = await destination(ws, body.remote, opts);
  const r = await git(ws, ["push", "--recurse-submodules=no", "--", dest.url, `${ref}:${ref}`], {
    config: dest.config,
    env: dest.env,
    readOnly: dest.readOnly,
    writable: dest.writable,
    timeoutMs: PUSH_TIMEOUT_MS,
    maxBuffer: 1024 * 1024,
  });
  if (r.timedOut) throw new HttpError(422, `Push failed: the time limit of ${PUSH_TIMEOUT_MS / 1000} s was reached`);
  if (r.code !== 0) throw new HttpError(422, `Push failed: ${scrubCredentials(pushError(r.stderr).split(dest.url).join(dest.cleanUrl))}`);

  // What `push -u` would do: the branch tracks the remote, whose tracking ref is now this commit.
  const sha = head.stdout.trim();
  await git(ws, ["config", `branch.${branch}.remote`, body.remote]);
  await git(ws, ["config", `branch.${branch}.merge`, ref]);
  await git(ws, ["update-ref", `refs/remotes/${body.remote}/${branch}`, sha]);
  ok(ctx.res, { remote: body.remote, branch, pushed: true });
}
