// Folder download: a .tar.gz of one folder of the workspace, streamed from `tar` (no shell).
// The folder is walked first so the caller gets its size and file count as headers, oversized
// folders are refused before anything is streamed, and tar archives exactly the walked entries
// (`.git` excluded at every depth), named `<folder>/<relative path>`.
import fs from "node:fs/promises";
import path from "node:path";
import { HttpError } from "./http.ts";
import { resolveInside } from "./paths.ts";
import type { Ctx } from "./context.ts";
import { commandPath, spawnInWorkspace } from "./run.ts";

export const MAX_ARCHIVE_BYTES = 500 * 1024 * 1024;
export const MAX_ARCHIVE_FILES = 20_000;

type Walk = { entries: string[]; files: number; bytes: number };

/**
 * Lists `dir` recursively without following symlinks (a link is archived as a link, so nothing
 * outside the workspace is read). Directories are listed too so empty ones survive. Stops as soon
 * as a limit is exceeded; the caller refuses the folder then.
 */
async function walk(dir: string): Promise<Walk> {
  const out: Walk = { entries: [], files: 0, bytes: 0 };
  let dirs = 0;
  const stack = [""];
  while (stack.length > 0) {
    const rel = stack.pop() ?? "";
    const names = await fs.readdir(rel ? path.join(dir, rel) : dir);
    for (const name of names) {
      if (name === ".git") continue;
      const childRel = rel ? `${rel}/${name}` : name;
      const st = await fs.lstat(path.join(dir, childRel)).catch(() => null);
      if (!st) continue; // vanished while walking
      if (st.isDirectory()) {
        // Directories do not count as files, but millions of empty ones must not be free either.
        if (++dirs > MAX_ARCHIVE_FILES) throw new HttpError(413, `Folder too large (limit ${MAX_ARCHIVE_FILES} folders)`);
        out.entries.push(childRel);
        stack.push(childRel);
      } else if (st.isFile() || st.isSymbolicLink()) {
        out.files += 1;
        if (st.isFile()) out.bytes += st.size;
        out.entries.push(childRel);
        if (out.files > MAX_ARCHIVE_FILES) throw new HttpError(413, `Folder too large (limit ${MAX_ARCHIVE_FILES} files)`);
        if (out.bytes > MAX_ARCHIVE_BYTES) throw new HttpError(413, "Folder too large (limit 500 MB)");
      }
      // sockets, fifos and devices are skipped: reading a fifo would block tar forever
    }
  }
  out.entries.sort();
  return out;
}

/** `attachment; filename="…"` with an ASCII fallback and the exact UTF-8 name in filename*. */
function disposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export async function download(ctx: Ctx): Promise<void> {
  const { abs, rel } = await resolveInside(ctx.wsDir, ctx.url.searchParams.get("path"));
  if (rel.split("/").includes(".git")) throw new HttpError(400, "The .git folder cannot be downloaded");
  const st = await fs.stat(abs);
  if (!st.isDirectory()) throw new HttpError(400, "Not a directory");
  // resolveInside proved the real folder is inside the workspace; tar works from the real path so
  // a symlink to a folder is archived by its contents.
  const real = await fs.realpath(abs);
  const folderName = rel ? (rel.split("/").pop() ?? ctx.projectId) : ctx.projectId;
  const listing = await walk(real);

  // tar runs inside the workspace's jail (the host is root, and the user could swap a folder for
  // a symlink after the walk: inside the jail it can only point into the workspace). It archives
  // exactly the walked entries (NUL-separated on stdin, taken verbatim so a name starting with "-"
  // is never an option; GNU tar, as in the image) from the folder, named `<base>/<entry>` through
  // --transform (regular and hard-link names, never symlink targets). `base` is the real folder's
  // name, which is the requested name unless the caller asked for a symlink to a folder.
  const base = path.basename(real).replace(/[\\|&]/g, "\\$&");
  const args = [
    "-C",
    commandPath(ctx.ws, real),
    "-czf",
    "-",
    "--no-recursion",
    "--transform",
    `flags=rh;s|^|${base}/|`,
    "--null",
    "--verbatim-files-from",
    "-T",
    "-",
  ];
  const tar = await spawnInWorkspace(ctx.ws, ["tar", ...args]);
  const names = listing.entries;

  let stderr = "";
  tar.stderr.on("data", (d: Buffer) => {
    if (stderr.length < 4096) stderr += String(d);
  });
  tar.stdin.on("error", () => {}); // tar may exit before reading the whole list
  tar.stdin.end(names.map((n) => `${n}\0`).join(""));

  const { res, req } = ctx;
  res.writeHead(200, {
    "content-type": "application/gzip",
    "content-disposition": disposition(`${folderName}.tar.gz`),
    "x-folder-size": String(listing.bytes),
    "x-file-count": String(listing.files),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  });
  await new Promise<void>((resolve) => {
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        resolve();
      }
    };
    // The caller went away: stop tar instead of compressing for nobody.
    res.on("close", () => {
      if (tar.exitCode === null && tar.signalCode === null) tar.kill("SIGKILL");
      finish();
    });
    tar.stdout.pipe(res, { end: false });
    tar.on("error", (err) => {
      console.error("[sandbox] tar failed to start", err.message);
      res.destroy();
      finish();
    });
    // 'close' fires after tar exited and its output was fully read.
    tar.on("close", (code, signal) => {
      // GNU tar exits 1 for "file changed as we read it": the archive is still complete.
      if (code === 0 || code === 1) res.end();
      else {
        if (!req.destroyed) console.error("[sandbox] tar exited", code ?? signal, stderr.trim());
        // A truncated stream must not look like a complete download.
        res.destroy();
      }
      finish();
    });
  });
}
