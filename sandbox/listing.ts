// The flat file list of a workspace (the explorer's search cache and the agent's overview).
// Walks without following symlinks, each folder through its own descriptor (search-walk.ts), so
// a folder swapped for a symlink mid-walk lists nothing outside; `.git` is never listed and heavy
// generated folders (node_modules, dist, …) are skipped unless `includeHidden=true`.
import fs from "node:fs/promises";
import path from "node:path";
import { HttpError, ok } from "./http.ts";
import { resolveInside } from "./paths.ts";
import { withFolderInside } from "./search-walk.ts";
import type { Ctx } from "./context.ts";

export const MAX_LIST_ENTRIES = 20_000;
const HEAVY_DIRS = new Set(["node_modules", "dist", ".next", ".cache", "vendor", "__pycache__", ".venv"]);

type Entry = { name: string; path: string; type: "file" | "directory"; size: number; lastModified: string };

/** `GET …/list?path=&includeHidden=false` → `{path, files: Entry[], truncated}` (files only, sorted by path). */
export async function list(ctx: Ctx): Promise<void> {
  const { abs, rel } = await resolveInside(ctx.wsDir, ctx.url.searchParams.get("path"));
  const includeHidden = ctx.url.searchParams.get("includeHidden") === "true";
  if (!(await fs.stat(abs)).isDirectory()) throw new HttpError(400, "Not a directory");
  const realRoot = await fs.realpath(ctx.wsDir);
  const files: Entry[] = [];
  let truncated = false;
  const stack: string[] = [""];
  while (stack.length > 0 && !truncated) {
    const sub = stack.pop() ?? "";
    await withFolderInside(realRoot, sub ? path.join(abs, sub) : abs, async (folder, entries) => {
      for (const { name } of entries) {
        if (name === ".git") continue;
        const childSub = sub ? `${sub}/${name}` : name;
        // Looked up through the folder's descriptor; lstat does not follow a final symlink.
        const st = await fs.lstat(`${folder}/${name}`).catch(() => null);
        if (!st) continue;
        if (st.isDirectory()) {
          if (includeHidden || !HEAVY_DIRS.has(name)) stack.push(childSub);
          continue;
        }
        if (!st.isFile()) continue; // links and special files are not listed
        if (files.length >= MAX_LIST_ENTRIES) {
          truncated = true;
          return;
        }
        files.push({ name, path: rel ? `${rel}/${childSub}` : childSub, type: "file", size: st.size, lastModified: st.mtime.toISOString() });
      }
    });
  }
  files.sort((a, b) => a.path.localeCompare(b.path));
  ok(ctx.res, { path: rel, files, truncated });
}
