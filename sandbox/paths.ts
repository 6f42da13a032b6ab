// Path safety: every caller-supplied path is resolved inside its workspace, lexically first
// (no "..", no absolute paths, no NUL) and then physically (realpath), so a symlink inside the
// workspace cannot be used to read or write outside it.
import path from "node:path";
import fs from "node:fs/promises";
import { constants } from "node:fs";
import { HttpError } from "./http.ts";

const ID_RE = /^[A-Za-z0-9_-]{1,64}$/;
export const OUTSIDE = "Path outside the workspace";

export function checkId(id: string, what: string): string {
  if (!ID_RE.test(id)) throw new HttpError(400, `Invalid ${what}`);
  return id;
}

export function workspaceDir(root: string, userId: string, projectId: string): string {
  return path.join(root, checkId(userId, "userId"), checkId(projectId, "projectId"));
}

function isInside(root: string, p: string): boolean {
  return p === root || p.startsWith(root + path.sep);
}

/** Lexical part: returns a normalised relative path with forward slashes ("" = the workspace). */
export function cleanRelative(rel: unknown): string {
  if (rel === undefined || rel === null || rel === "") return "";
  if (typeof rel !== "string") throw new HttpError(400, "path must be a string");
  if (rel.includes("\0")) throw new HttpError(400, OUTSIDE);
  // Windows-style roots are refused too: the path is meant to be portable and relative.
  if (path.isAbsolute(rel) || rel.startsWith("\\") || /^[A-Za-z]:/.test(rel)) throw new HttpError(400, OUTSIDE);
  const parts = rel.split(/[\\/]+/).filter((p) => p !== "" && p !== ".");
  if (parts.some((p) => p === "..")) throw new HttpError(400, OUTSIDE);
  return parts.join("/");
}

/**
 * Physical part: the deepest existing ancestor of the target (the target itself when it exists)
 * must really be inside the workspace. Dangling symlinks are refused because their target is
 * unknown and writing through them could create a file anywhere.
 */
export async function resolveInside(wsDir: string, rel: unknown): Promise<{ abs: string; rel: string }> {
  const clean = cleanRelative(rel);
  const abs = clean ? path.join(wsDir, ...clean.split("/")) : wsDir;
  let realRoot: string;
  try {
    realRoot = await fs.realpath(wsDir);
  } catch {
    throw new HttpError(404, "Workspace not found");
  }
  let probe = abs;
  for (;;) {
    let real: string | null = null;
    try {
      real = await fs.realpath(probe);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ENOTDIR") throw err;
    }
    if (real !== null) {
      if (!isInside(realRoot, real)) throw new HttpError(400, OUTSIDE);
      return { abs, rel: clean };
    }
    const link = await fs.lstat(probe).catch(() => null);
    if (link?.isSymbolicLink()) throw new HttpError(400, OUTSIDE);
    if (probe === wsDir) throw new HttpError(404, "Workspace not found");
    probe = path.dirname(probe);
  }
}

/** Joins a folder and a file name coming from an upload; the name may not smuggle separators. */
export function joinName(folder: string, name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  if (base === "" || base === "." || base === ".." || base.includes("\0")) {
    throw new HttpError(400, "Invalid file name");
  }
  return folder ? `${folder}/${base}` : base;
}

export const GIT_PATH = "Paths inside .git cannot be changed through the file API";

/** True when any segment is `.git` (any case, any depth: nested repositories too). */
export function touchesGit(rel: string): boolean {
  return rel.split(/[\\/]+/).some((seg) => seg.toLowerCase() === ".git");
}

/**
 * `resolveInside` for paths the file API changes (write, upload, delete): refused when the path
 * or, through a symlink, its real location is inside a `.git` folder, so nobody can plant git
 * configuration (core.fsmonitor) or hooks without a terminal.
 */
export async function resolveWritable(wsDir: string, rel: unknown): Promise<{ abs: string; rel: string }> {
  const target = await resolveInside(wsDir, rel);
  if (touchesGit(target.rel)) throw new HttpError(403, GIT_PATH);
  const realRoot = await fs.realpath(wsDir);
  let probe = target.abs;
  for (;;) {
    const real = await fs.realpath(probe).catch(() => null);
    if (real !== null) {
      const suffix = path.relative(probe, target.abs);
      if (touchesGit(path.relative(realRoot, path.join(real, suffix)))) throw new HttpError(403, GIT_PATH);
      return target;
    }
    if (probe === wsDir) return target;
    probe = path.dirname(probe);
  }
}

/**
 * Opens a file the path checks accepted, then asks the kernel what was really opened: the user can
 * swap a folder for a symlink between check and open, and the host (root) must not read through
 * it. Non-blocking, so a FIFO swapped in cannot hang the request.
 */
export async function openInside(wsDir: string, abs: string): Promise<fs.FileHandle> {
  const fh = await fs.open(abs, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  const real = await fs.readlink(`/proc/self/fd/${fh.fd}`).catch(() => null);
  const root = await fs.realpath(wsDir).catch(() => null);
  if (!real || !root || !isInside(root, real)) {
    await fh.close();
    throw new HttpError(400, OUTSIDE);
  }
  return fh;
}

/** The bytes of a file through `openInside`, or null when it cannot be read (gone, refused). */
export async function readInside(wsDir: string, abs: string): Promise<Buffer | null> {
  const fh = await openInside(wsDir, abs).catch(() => null);
  if (!fh) return null;
  try {
    return (await fh.stat()).isFile() ? await fh.readFile() : null;
  } catch {
    return null;
  } finally {
    await fh.close();
  }
}
