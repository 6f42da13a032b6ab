// A small git repository on local disk for the import tests: the worker-test sandbox may clone
// file:// URLs (SANDBOX_ALLOW_FILE_CLONE=1), so imports run end to end without the network.
import { execFileSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

export interface FixtureRepo {
  url: string;
  remove: () => Promise<void>;
}

export async function makeFixtureRepo(): Promise<FixtureRepo> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "fixture-repo-"));
  const repo = path.join(dir, "demo.app");
  const git = (...args: string[]) => execFileSync("git", ["-c", "user.name=Fixture", "-c", "user.email=fixture@example.com", ...args], { cwd: repo, stdio: "pipe" });
  await fs.mkdir(path.join(repo, "src"), { recursive: true });
  git("init", "-q", "-b", "master");
  await fs.writeFile(path.join(repo, "README.md"), "# Demo app\n");
  await fs.writeFile(path.join(repo, "src", "main.ts"), 'console.log("hello from the fixture");\n');
  git("add", "-A");
  git("commit", "-q", "-m", "Fixture commit");
  return { url: `file://${repo}`, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}
