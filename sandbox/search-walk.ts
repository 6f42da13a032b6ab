// Reading a workspace for search without ever leaving it. The workspace's user can swap any folder
// for a symlink at any moment, and the host may run as root, so a path checked a moment ago proves
// nothing: every folder is opened with O_NOFOLLOW, the kernel is asked where the open descriptor
// really is, and the folder is listed through that descriptor. Files go through `openInside`, and
// their size is checked on the open descriptor, so a file swapped or grown after the listing is
// never read past the limit.
import fs from "node:fs/promises";
import path from "node:path";
import { constants, type Dirent, type Stats } from "node:fs";
import { openInside } from "./paths.ts";

const DIR_FLAGS = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** Never searched, whatever the caller asks: git's own objects are not the project's files. */
export function isGitName(name: string): boolean {
  return name.toLowerCase() === ".git";
}

/** What the explorer hides (its HIDDEN_NAMES, and the Worker's isHiddenName): dot names and heavy generated folders. */
const HIDDEN_NAMES = new Set(["node_modules", "dist", ".next", ".cache", "vendor", "__pycache__", ".venv", "coverage"]);
export function isHiddenName(name: string): boolean {
  return name.startsWith(".") || HIDDEN_NAMES.has(name);
}

function inside(root: string, real: string): boolean {
  return real === root || real.startsWith(root + path.sep);
}

export type Listing = { entries: Dirent[]; mtime: Date };

/**
 * Opens the folder at `abs` and, when it really is inside `realRoot`, hands `use` a path that
 * names exactly that folder (`/proc/self/fd/N`: children looked up through it cannot be redirected
 * by a swap higher up) and its entries, sorted by name. Null when it is not a real folder inside
 * (a symlink, gone, unreadable).
 */
export async function withFolderInside<T>(realRoot: string, abs: string, use: (folder: string, entries: Dirent[], st: Stats) => Promise<T>): Promise<T | null> {
  const fh = await fs.open(abs, DIR_FLAGS).catch(() => null);
  if (!fh) return null;
  try {
    const folder = `/proc/self/fd/${fh.fd}`;
    const real = await fs.readlink(folder);
    if (!inside(realRoot, real)) return null;
    const [entries, st] = await Promise.all([fs.readdir(folder, { withFileTypes: true }), fh.stat()]);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return await use(folder, entries, st);
  } catch {
    return null;
  } finally {
    await fh.close();
  }
}

/** The entries of the folder at `abs` (see `withFolderInside`), or null. */
export function listInside(realRoot: string, abs: string): Promise<Listing | null> {
  return withFolderInside(realRoot, abs, async (_folder, entries, st) => ({ entries, mtime: st.mtime }));
}

/** The size and time of a regular file inside the workspace, read on the opened descriptor. */
export async function statInside(wsDir: string, abs: string): Promise<Stats | null> {
  const fh = await openInside(wsDir, abs).catch(() => null);
  if (!fh) return null;
  try {
    const st = await fh.stat();
    return st.isFile() ? st : null;
  } catch {
    return null;
  } finally {
    await fh.close();
  }
}

/**
 * The bytes of a regular file inside the workspace, or null when it is not one, is larger than
 * `maxBytes`, or cannot be read. Reads at most the size seen on the descriptor.
 */
export async function readBounded(wsDir: string, abs: string, maxBytes: number): Promise<Buffer | null> {
  const fh = await openInside(wsDir, abs).catch(() => null);
  if (!fh) return null;
  try {
    const st = await fh.stat();
    if (!st.isFile() || st.size > maxBytes) return null;
    const buf = Buffer.alloc(st.size);
    let filled = 0;
    while (filled < buf.length) {
      const { bytesRead } = await fh.read(buf, filled, buf.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return buf.subarray(0, filled);
  } catch {
    return null;
  } finally {
    await fh.close();
  }
}

/** A NUL byte is how git and grep tell a binary file; text files have none. */
export function looksBinary(buf: Buffer): boolean {
  return buf.includes(0);
}
