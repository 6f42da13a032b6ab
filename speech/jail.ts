// The tools parse hostile files (ffmpeg's demuxers and decoders above all), so when the service
// runs as root and bubblewrap works, each tool runs jailed: as nobody, without network or
// capabilities, seeing only /usr, the model and its own request folder, with resource limits.
// Not root: the tools run as the service's own user (the container or the account is the boundary).
import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";

export type JailMode = "jail" | "direct";
const NOBODY = 65534;
const JOB = "/job";

let mode: JailMode | null = null;

/** Decided once per process; SPEECH_JAIL=off runs the tools directly even as root. */
export function speechJailMode(): JailMode {
  if (mode) return mode;
  const root = process.getuid?.() === 0;
  const probe = () =>
    spawnSync(
      "bwrap",
      [
        "--ro-bind",
        "/usr",
        "/usr",
        "--symlink",
        "usr/lib",
        "/lib",
        "--symlink",
        "usr/lib64",
        "/lib64",
        "--unshare-pid",
        "--unshare-net",
        "--",
        "/usr/bin/true",
      ],
      {
        timeout: 10_000,
        env: { PATH: "/usr/bin:/bin" },
      },
    ).status === 0;
  mode = root && process.env.SPEECH_JAIL !== "off" && probe() ? "jail" : "direct";
  return mode;
}

/** Hands a request's folder and the files we put in it to the jail's user (nothing to do outside jail mode). */
export async function adopt(...paths: string[]): Promise<void> {
  if (speechJailMode() !== "jail") return;
  for (const p of paths) await fs.chown(p, NOBODY, NOBODY);
}

/** The command line that runs `command args` for a request whose files live in `dir`. */
export function jailed(command: string, args: string[], dir: string, readOnly: string[]): { file: string; args: string[] } {
  if (speechJailMode() !== "jail") return { file: command, args };
  const limits = ["--data=4294967296", "--fsize=2147483648", "--nofile=256", "--core=0"];
  const fsArgs = [
    ...["--ro-bind", "/usr", "/usr", "--symlink", "usr/bin", "/bin", "--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64", "/lib64"],
    ...["--perms", "0755", "--dir", "/etc"],
    ...["/etc/alternatives", "/etc/ld.so.cache", "/etc/localtime"].flatMap((p) => ["--ro-bind-try", p, p]),
    ...["--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"],
    ...readOnly.flatMap((p) => ["--ro-bind", p, p]),
    ...["--bind", dir, JOB],
  ];
  // No user namespace: bwrap keeps real root to mount and enter the folder, then setpriv drops to nobody.
  const ns = ["--unshare-pid", "--unshare-ipc", "--unshare-uts", "--unshare-net", "--unshare-cgroup-try", "--die-with-parent", "--new-session", "--chdir", JOB];
  const drop = ["setpriv", `--reuid=${NOBODY}`, `--regid=${NOBODY}`, "--clear-groups", "--inh-caps=-all", "--bounding-set=-all", "--no-new-privs", "--"];
  // The folder is seen as /job (its host path may pass through folders only root can enter): paths in it are renamed.
  const inJail = args.map((arg) => (arg === dir ? JOB : arg.startsWith(`${dir}/`) ? JOB + arg.slice(dir.length) : arg));
  return { file: "prlimit", args: [...limits, "--", "bwrap", ...fsArgs, ...ns, "--", ...drop, command, ...inJail] };
}
