// One unprivileged host uid per workspace, allocated once and persisted beside the workspaces
// (`<root>/.uids.json`; ids never contain a dot, so no workspace can be named like it). A counter,
// not a hash: two workspaces can never share a uid, and the uid identifies a workspace's processes.
import fs from "node:fs/promises";
import path from "node:path";

export const FIRST_UID = 20001;
const MAX_UID = 59_999_999; // a plain upper bound, well inside the kernel's 32-bit uids
const NOBODY = 65534; // the overflow uid is skipped: files of unmapped owners show as it

type Table = { next: number; byWorkspace: Record<string, number> };

let cache: { root: string; table: Table } | null = null;
let chain: Promise<unknown> = Promise.resolve();

async function load(root: string): Promise<Table> {
  if (cache?.root === root) return cache.table;
  const text = await fs.readFile(path.join(root, ".uids.json"), "utf8").catch(() => null);
  let table: Table = { next: FIRST_UID, byWorkspace: {} };
  if (text) {
    try {
      const parsed = JSON.parse(text) as Table;
      if (Number.isInteger(parsed.next) && parsed.byWorkspace && typeof parsed.byWorkspace === "object") table = parsed;
    } catch {
      // A corrupt table must not hand out uids twice: refuse rather than start over.
      throw new Error(`${root}/.uids.json is corrupt; fix or remove it (workspace uids would collide)`);
    }
  }
  cache = { root, table };
  return table;
}

/** The workspace's uid; allocated (and written to disk atomically) the first time it is asked for. */
export function workspaceUid(root: string, wsDir: string): Promise<number> {
  const key = path.relative(root, wsDir);
  const next = chain.then(async () => {
    const table = await load(root);
    const known = table.byWorkspace[key];
    if (known !== undefined) return known;
    let uid = table.next;
    if (uid === NOBODY) uid++;
    if (uid > MAX_UID) throw new Error("No workspace uid left");
    table.byWorkspace[key] = uid;
    table.next = uid + 1;
    const file = path.join(root, ".uids.json");
    await fs.writeFile(`${file}.tmp`, JSON.stringify(table), { mode: 0o600 });
    await fs.rename(`${file}.tmp`, file);
    return uid;
  });
  chain = next.catch(() => {});
  return next;
}

/**
 * The jail's /etc/passwd and /etc/group: only the workspace user (and root, which owns the
 * read-only system files), so `whoami`, `ls -l` and git's identity fallback work. Generated per uid
 * under `<root>/.jail/<uid>/`, never the host's files (no shadow, no other accounts).
 */
export async function identityFiles(root: string, uid: number): Promise<{ passwd: string; group: string }> {
  const dir = path.join(root, ".jail", String(uid));
  const passwd = path.join(dir, "passwd");
  const group = path.join(dir, "group");
  if (!(await fs.stat(group).catch(() => null))) {
    await fs.mkdir(dir, { recursive: true, mode: 0o755 });
    await fs.writeFile(passwd, `root:x:0:0:root:/nonexistent:/usr/sbin/nologin\nworkspace:x:${uid}:${uid}:Workspace:/workspace:/bin/bash\n`, { mode: 0o644 });
    await fs.writeFile(group, `root:x:0:\nworkspace:x:${uid}:\n`, { mode: 0o644 });
  }
  return { passwd, group };
}
