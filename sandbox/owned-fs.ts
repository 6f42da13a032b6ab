// Files the host writes into a workspace on the workspace's behalf (file API, uploads, the README
// of `init`): written without following a symlink at the last step, then handed to the
// workspace's uid so they are the user's own inside the jail.
import fs from "node:fs/promises";
import { constants } from "node:fs";
import path from "node:path";
import { uidOf, type Workspace } from "./jail.ts";
import { giveToWorkspace } from "./uids.ts";

const WRITE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW;

export async function writeAsWorkspace(ws: Workspace, abs: string, data: string | Uint8Array): Promise<void> {
  await fs.mkdir(path.dirname(abs), { recursive: true });
  // O_NOFOLLOW: a symlink put in place after the path was checked is refused, not followed.
  const fh = await fs.open(abs, WRITE_FLAGS, 0o644);
  try {
    await fh.writeFile(data);
  } finally {
    await fh.close();
  }
  await giveToWorkspace(ws.dir, abs, await uidOf(ws));
}
