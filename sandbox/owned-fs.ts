// Changes the host makes in a workspace on the workspace's behalf (file API writes, uploads,
// deletes, the README of `init`). In jail mode they run inside the workspace's jail as its uid:
// the host is root, and a folder the user swaps for a symlink between our path check and the
// write must not make root write or delete anything outside (inside the jail there is nothing
// else to reach). Without the jail the host writes itself, never following a final symlink.
import fs from "node:fs/promises";
import { constants } from "node:fs";
import path from "node:path";
import { HttpError } from "./http.ts";
import { jailMode, type Workspace } from "./jail.ts";
import { commandPath, runInWorkspace } from "./run.ts";

const WRITE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW;
const WRITE_SCRIPT = 'mkdir -p -- "$(dirname -- "$1")" && cat > "$1"';

function failure(what: string, stderr: string): HttpError {
  const reason =
    stderr
      .trim()
      .split("\n")
      .at(-1)
      ?.replace(/^.*?: /, "") ?? "";
  if (/Is a directory/i.test(reason)) return new HttpError(400, "Is a directory");
  if (/No such file/i.test(reason)) return new HttpError(404, "Not found");
  return new HttpError(400, `Cannot ${what}${reason ? `: ${reason.slice(0, 200)}` : ""}`);
}

export async function writeAsWorkspace(ws: Workspace, abs: string, data: string | Uint8Array): Promise<void> {
  const bytes = typeof data === "string" ? Buffer.from(data) : data;
  if (jailMode() === "jail") {
    const r = await runInWorkspace(ws, ["sh", "-c", WRITE_SCRIPT, "sh", commandPath(ws, abs)], { input: bytes, timeoutMs: 120_000 });
    if (r.code !== 0) throw failure("write the file", r.stderr);
    return;
  }
  await fs.mkdir(path.dirname(abs), { recursive: true });
  const fh = await fs.open(abs, WRITE_FLAGS, 0o644);
  try {
    await fh.writeFile(bytes);
  } finally {
    await fh.close();
  }
}

export async function removeAsWorkspace(ws: Workspace, abs: string): Promise<void> {
  if (jailMode() === "jail") {
    const r = await runInWorkspace(ws, ["rm", "-rf", "--", commandPath(ws, abs)], { timeoutMs: 120_000 });
    if (r.code !== 0) throw failure("delete", r.stderr);
    return;
  }
  await fs.rm(abs, { recursive: true, force: false });
}
