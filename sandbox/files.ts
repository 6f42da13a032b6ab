// File routes: lazy tree, read, raw download, write, multipart upload and delete.
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import * as v from "valibot";
import { HttpError, ok, readJson } from "./http.ts";
import { joinName, openInside, resolveInside, resolveWritable } from "./paths.ts";
import { removeAsWorkspace, writeAsWorkspace } from "./owned-fs.ts";
import type { Ctx } from "./context.ts";

export const MAX_READ_BYTES = 5 * 1024 * 1024;
const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

const MIME: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".htm": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".ts": "text/plain; charset=utf-8",
  ".tsx": "text/plain; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".md": "text/markdown; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".py": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".pdf": "application/pdf",
  ".mp3": "audio/mpeg",
  ".mp4": "video/mp4",
  ".wav": "audio/wav",
  ".zip": "application/zip",
};

export function guessMime(file: string): string {
  return MIME[path.extname(file).toLowerCase()] ?? "application/octet-stream";
}

/** Decodes as UTF-8 when the bytes are text, otherwise reports base64 so nothing is mangled. */
function decode(buf: Buffer): { content: string; encoding: "utf8" | "base64" } {
  if (!buf.includes(0)) {
    try {
      return { content: new TextDecoder("utf-8", { fatal: true }).decode(buf), encoding: "utf8" };
    } catch {
      // falls through to base64
    }
  }
  return { content: buf.toString("base64"), encoding: "base64" };
}

export async function tree(ctx: Ctx): Promise<void> {
  const { abs, rel } = await resolveInside(ctx.wsDir, ctx.url.searchParams.get("path"));
  const names = await fs.readdir(abs);
  const entries = [];
  for (const name of names) {
    if (name === ".git") continue; // git internals are never browsed through the explorer
    const childRel = rel ? `${rel}/${name}` : name;
    // Follows symlinks only when they stay inside; escaping links are simply not listed.
    const target = await resolveInside(ctx.wsDir, childRel).catch(() => null);
    if (!target) continue;
    const st = await fs.stat(target.abs).catch(() => null);
    if (!st) continue;
    entries.push({
      name,
      path: childRel,
      type: st.isDirectory() ? "directory" : "file",
      size: st.isDirectory() ? 0 : st.size,
      lastModified: st.mtime.toISOString(),
    });
  }
  entries.sort((a, b) => (a.type !== b.type ? (a.type === "directory" ? -1 : 1) : a.name.localeCompare(b.name)));
  ok(ctx.res, { path: rel, entries });
}

async function statFile(abs: string) {
  const st = await fs.stat(abs);
  if (!st.isFile()) throw new HttpError(400, "Not a file");
  return st;
}

/** Opens a checked path and checks again what was really opened (a swapped-in symlink is refused). */
async function openFile(wsDir: string, abs: string) {
  await statFile(abs);
  const fh = await openInside(wsDir, abs);
  const st = await fh.stat();
  if (!st.isFile()) {
    await fh.close();
    throw new HttpError(400, "Not a file");
  }
  return { fh, st };
}

export async function readFile(ctx: Ctx): Promise<void> {
  const { abs, rel } = await resolveInside(ctx.wsDir, requiredPath(ctx.url.searchParams.get("path")));
  const { fh, st } = await openFile(ctx.wsDir, abs);
  let buf: Buffer;
  try {
    if (st.size > MAX_READ_BYTES) throw new HttpError(413, "File too large (limit 5 MB)");
    buf = await fh.readFile();
  } finally {
    await fh.close();
  }
  const { content, encoding } = decode(buf);
  ok(ctx.res, {
    fileName: path.basename(abs),
    filePath: rel,
    content,
    size: buf.length,
    encoding,
    isText: encoding === "utf8",
    mimeType: guessMime(abs),
  });
}

export async function raw(ctx: Ctx): Promise<void> {
  const { abs } = await resolveInside(ctx.wsDir, requiredPath(ctx.url.searchParams.get("path")));
  const { fh, st } = await openFile(ctx.wsDir, abs);
  ctx.res.writeHead(200, {
    "content-type": guessMime(abs),
    "content-length": st.size,
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  });
  await new Promise<void>((resolve) => {
    const stream = fh.createReadStream(); // closes the handle when done
    stream.on("error", () => {
      ctx.res.destroy();
      resolve();
    });
    stream.on("end", () => resolve());
    stream.pipe(ctx.res);
  });
}

const WriteBody = v.object({
  path: v.pipe(v.string(), v.minLength(1)),
  content: v.string(),
  encoding: v.optional(v.picklist(["utf8", "base64"]), "utf8"),
});

export async function writeFile(ctx: Ctx): Promise<void> {
  const body = await readJson(ctx.req, WriteBody);
  const { abs, rel } = await resolveWritable(ctx.wsDir, requiredPath(body.path));
  const existing = await fs.stat(abs).catch(() => null);
  if (existing?.isDirectory()) throw new HttpError(400, "Is a directory");
  const data = Buffer.from(body.content, body.encoding === "base64" ? "base64" : "utf8");
  await writeAsWorkspace(ctx.ws, abs, data);
  ok(ctx.res, { path: rel, size: data.length });
}

export async function upload(ctx: Ctx): Promise<void> {
  const folder = await resolveWritable(ctx.wsDir, ctx.url.searchParams.get("path"));
  if (Number(ctx.req.headers["content-length"] ?? 0) > MAX_UPLOAD_BYTES) {
    throw new HttpError(413, "Upload too large");
  }
  const type = String(ctx.req.headers["content-type"] ?? "");
  if (!type.startsWith("multipart/form-data")) throw new HttpError(400, "Expected multipart/form-data");
  let form: FormData;
  try {
    // The Web Request parser handles boundaries and encodings; Node streams plug into it directly.
    const request = new Request("http://sandbox.local/upload", {
      method: "POST",
      headers: { "content-type": type },
      body: Readable.toWeb(ctx.req) as unknown as BodyInit,
      duplex: "half",
    } as RequestInit);
    form = await request.formData();
  } catch {
    throw new HttpError(400, "Invalid multipart body");
  }
  const files = form.getAll("file").filter((f): f is File => typeof f !== "string");
  if (files.length === 0) throw new HttpError(400, "No file field in the upload");
  const targets = await uploadTargets(ctx.wsDir, folder.rel, files, form.get("file_path"));
  if (form.get("overwrite") === "false") {
    for (const t of targets) if (await fs.lstat(t.abs).catch(() => null)) throw new HttpError(409, `File already exists: ${t.rel}`);
  }
  const written = [];
  for (const [i, file] of files.entries()) {
    const target = targets[i]!;
    const existing = await fs.stat(target.abs).catch(() => null);
    if (existing?.isDirectory()) throw new HttpError(400, "Is a directory");
    const data = Buffer.from(await file.arrayBuffer());
    await writeAsWorkspace(ctx.ws, target.abs, data);
    written.push({ path: target.rel, size: data.length });
  }
  ok(ctx.res, { files: written });
}

/**
 * Where each uploaded file goes. The form's `file_path` (the spec's field) names the file's
 * destination when one file is sent, or a folder when it ends with "/" or is an existing folder;
 * without it the files keep their names in the `?path=` folder.
 */
async function uploadTargets(wsDir: string, folderRel: string, files: File[], filePath: FormDataEntryValue | null) {
  if (typeof filePath === "string" && filePath.trim() !== "") {
    const dest = await resolveWritable(wsDir, filePath);
    const isFolder = filePath.endsWith("/") || files.length > 1 || !!(await fs.stat(dest.abs).catch(() => null))?.isDirectory();
    if (!isFolder) {
      if (!dest.rel) throw new HttpError(400, "path is required");
      return [dest];
    }
    return Promise.all(files.map((f) => resolveWritable(wsDir, joinName(dest.rel, f.name))));
  }
  return Promise.all(files.map((f) => resolveWritable(wsDir, joinName(folderRel, f.name))));
}

export async function deleteFile(ctx: Ctx): Promise<void> {
  const { abs, rel } = await resolveWritable(ctx.wsDir, requiredPath(ctx.url.searchParams.get("path")));
  await fs.lstat(abs); // 404 when missing
  await removeAsWorkspace(ctx.ws, abs);
  ok(ctx.res, { path: rel });
}

function requiredPath(p: string | null | undefined): string {
  if (!p || p.replace(/[\\/.]/g, "") === "") throw new HttpError(400, "path is required");
  return p;
}
