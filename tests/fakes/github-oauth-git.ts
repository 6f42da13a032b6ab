// Git's smart HTTP protocol for the fake GitHub (github-oauth.ts): `git http-backend` serves small
// repositories made on first use, each owned by one login and readable only with that login's token.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import fs from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import os from "node:os";
import path from "node:path";

const root = mkdtempSync(path.join(os.tmpdir(), "fake-github-git-"));
const made = new Map<string, Promise<void>>();

/** `{root}/{owner}/{repo}.git`, a bare repository with one commit on master naming its owner. */
function ensureRepo(owner: string, repo: string): Promise<void> {
  const key = `${owner}/${repo}`;
  let ready = made.get(key);
  if (!ready) {
    ready = (async () => {
      const work = await fs.mkdtemp(path.join(os.tmpdir(), "fake-github-work-"));
      const git = (cwd: string, ...args: string[]) =>
        execFileSync("git", ["-c", "user.name=Fake", "-c", "user.email=fake@example.com", ...args], { cwd, stdio: "pipe" });
      git(work, "init", "-q", "-b", "master");
      await fs.writeFile(path.join(work, "README.md"), `# ${repo}\n\nPrivate repository of ${owner}.\n`);
      git(work, "add", "-A");
      git(work, "commit", "-q", "-m", "Private commit");
      await fs.mkdir(path.join(root, owner), { recursive: true });
      git(root, "clone", "-q", "--bare", work, path.join(root, owner, `${repo}.git`));
      await fs.rm(work, { recursive: true, force: true });
    })();
    made.set(key, ready);
  }
  return ready;
}

/** Runs `git http-backend` as the CGI it is and relays its answer. */
export async function serveGit(
  req: IncomingMessage,
  res: ServerResponse,
  owner: string,
  repo: string,
  rest: string,
  search: string,
  body: string,
): Promise<void> {
  await ensureRepo(owner, repo);
  const child = spawn("git", ["http-backend"], {
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: "1",
      PATH_INFO: `/${owner}/${repo}.git${rest}`,
      REQUEST_METHOD: req.method ?? "GET",
      QUERY_STRING: search.replace(/^\?/, ""),
      CONTENT_TYPE: req.headers["content-type"] ?? "",
      CONTENT_LENGTH: String(Buffer.byteLength(body)),
      GIT_PROTOCOL: String(req.headers["git-protocol"] ?? ""),
      HTTP_CONTENT_ENCODING: String(req.headers["content-encoding"] ?? ""),
      GIT_CONFIG_NOSYSTEM: "1",
      HOME: root,
    },
  });
  child.stdin.end(body);
  const chunks: Buffer[] = [];
  child.stdout.on("data", (d: Buffer) => chunks.push(d));
  await new Promise((resolve) => child.on("close", resolve));
  const out = Buffer.concat(chunks);
  const split = out.indexOf("\r\n\r\n");
  const head = out.subarray(0, split).toString().split("\r\n");
  const headers: Record<string, string> = {};
  let status = 200;
  for (const line of head) {
    const [name, ...value] = line.split(":");
    if (name!.toLowerCase() === "status") status = Number(value.join(":").trim().split(" ")[0]);
    else headers[name!] = value.join(":").trim();
  }
  res.writeHead(status, headers);
  res.end(out.subarray(split + 4));
}
