// A small git repository served by a real git server (`git daemon`) on loopback for the import
// tests, so imports run end to end over git:// without the network.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import { connect } from "node:net";
import path from "node:path";
import { freePort } from "./free-port";

export interface FixtureRepo {
  url: string;
  remove: () => Promise<void>;
}

export async function makeFixtureRepo(): Promise<FixtureRepo> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "fixture-repo-"));
  const repo = path.join(dir, "demo.app");
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=Fixture", "-c", "user.email=fixture@example.com", ...args], { cwd: repo, stdio: "pipe" });
  await fs.mkdir(path.join(repo, "src"), { recursive: true });
  git("init", "-q", "-b", "master");
  await fs.writeFile(path.join(repo, "README.md"), "# Demo app\n");
  await fs.writeFile(path.join(repo, "src", "main.ts"), 'console.log("hello from the fixture");\n');
  git("add", "-A");
  git("commit", "-q", "-m", "Fixture commit");
  // The worker tests allow exactly this port as a private git host (vitest.worker.config.ts).
  const port = Number(process.env.FIXTURE_REPO_PORT) || (await freePort());
  const daemon = spawn("git", ["daemon", "--reuseaddr", "--export-all", `--base-path=${dir}`, "--listen=127.0.0.1", `--port=${port}`, dir], {
    stdio: "ignore",
  });
  await waitForPort(port);
  const url = `git://127.0.0.1:${port}/demo.app`;
  // Something listening is not enough: another server on this port would answer in the daemon's place.
  if (daemon.exitCode !== null) throw new Error(`git daemon could not listen on ${port}`);
  execFileSync("git", ["ls-remote", url], { stdio: "pipe", timeout: 10_000 });
  return {
    url,
    remove: async () => {
      daemon.kill();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => (socket.end(), resolve(true)));
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    if (Date.now() > end) throw new Error(`git daemon did not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
