// Every git the host runs for a workspace goes through here: inside the workspace's jail (so a
// repository that smuggles configuration can at most run code as the workspace's own user) AND
// with settings that switch off what a repository could make git execute or read on its own:
// no system/global config, no fsmonitor, no hooks, no pager/editor/credential helpers, no
// network transports unless a clone asks for them, no optional locks, submodules ignored.
import path from "node:path";
import { jailMode, type Workspace } from "./jail.ts";
import { runInWorkspace, type RunOptions, type RunResult } from "./run.ts";

const SAFE_CONFIG = [
  "core.fsmonitor=false",
  "core.hooksPath=/dev/null",
  "core.pager=cat",
  "core.editor=false",
  "core.sshCommand=false",
  "core.askPass=",
  "core.quotepath=off",
  "credential.helper=",
  "submodule.recurse=false",
  "status.submoduleSummary=false",
  "diff.ignoreSubmodules=all",
  "protocol.allow=never",
  "safe.directory=/workspace",
  // A fixed identity for commits made by the host, so commits work without any git config.
  "user.name=Sandbox",
  "user.email=sandbox@localhost",
];

/** Transports a clone may use: `protocol.<name>.allow=always` for each (everything else: never). */
export function protocolConfig(protocols: string[]): string[] {
  return protocols.flatMap((p) => ["-c", `protocol.${p}.allow=always`]);
}

export function safeGitArgs(args: string[], extraConfig: string[] = []): string[] {
  return ["--no-optional-locks", ...SAFE_CONFIG.flatMap((c) => ["-c", c]), ...extraConfig, ...args];
}

export function safeGitEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_TERMINAL_PROMPT: "0",
    GIT_OPTIONAL_LOCKS: "0",
    GIT_ASKPASS: "/bin/false",
    SSH_ASKPASS: "/bin/false",
    GIT_PROTOCOL_FROM_USER: "0",
    ...extra,
  };
}

export type GitResult = RunResult;
export type GitOptions = RunOptions & { config?: string[] };

export function git(ws: Workspace, args: string[], opts: GitOptions = {}): Promise<GitResult> {
  const { config = [], env, ...rest } = opts;
  // git never looks for a repository above the workspace (outside the jail, a workspace without
  // .git could otherwise be taken for part of a repository around the host's data folder).
  const ceiling = jailMode() === "jail" ? "/" : path.dirname(ws.dir);
  return runInWorkspace(ws, ["git", ...safeGitArgs(args, config)], { ...rest, env: safeGitEnv({ GIT_CEILING_DIRECTORIES: ceiling, ...env }) });
}
