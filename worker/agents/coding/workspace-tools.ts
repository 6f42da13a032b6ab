import * as v from "valibot";
import type { Env } from "../../env";
import { ApiError } from "../../lib/envelope";
import { hostJson, jsonInit, type WorkspaceRef } from "../../workspace/host";
import { capOutput } from "./output";

/** What one executed tool call gave: the model's text, the card's summary and what changed. */
export interface ToolOutcome {
  ok: boolean;
  output: string;
  summary: string;
  changedPaths: string[];
  git: boolean;
  /** The sandbox host could not be reached or failed: the run stops with an alert. */
  hostDown?: boolean;
}

const Path = v.pipe(v.string(), v.maxLength(1000));
const INPUTS = {
  list_files: v.object({ path: v.optional(Path) }),
  read_file: v.object({ path: Path, start_line: v.optional(v.number()), end_line: v.optional(v.number()) }),
  search_files: v.object({ query: v.pipe(v.string(), v.minLength(1), v.maxLength(500)), regex: v.optional(v.boolean()) }),
  git_status: v.object({}),
  git_diff: v.object({ path: v.optional(Path) }),
  write_file: v.object({ path: Path, content: v.pipe(v.string(), v.maxLength(500_000)) }),
  edit_file: v.object({ path: Path, old_text: v.pipe(v.string(), v.minLength(1)), new_text: v.string(), replace_all: v.optional(v.boolean()) }),
  delete_file: v.object({ path: Path }),
  run_command: v.object({ command: v.pipe(v.string(), v.minLength(1), v.maxLength(10_000)), timeout_seconds: v.optional(v.number()) }),
  git_commit: v.object({ message: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(5000)) }),
  git_push: v.object({}),
} as const;
type WorkspaceTool = keyof typeof INPUTS;
type Input<T extends WorkspaceTool> = v.InferOutput<(typeof INPUTS)[T]>;

const LIST_MAX = 400;
const SEARCH_MAX = 60;
const DIFF_FILES_MAX = 20;
const COMMAND_TIMEOUT_S = { default: 120, max: 600 };

const done = (output: string, summary: string, changedPaths: string[] = [], git = false): ToolOutcome => ({ ok: true, output, summary, changedPaths, git });
const failed = (text: string): ToolOutcome => ({ ok: false, output: `Error: ${text}`, summary: text.slice(0, 200), changedPaths: [], git: false });

type Handler<T extends WorkspaceTool> = (env: Env, p: WorkspaceRef, input: Input<T>) => Promise<ToolOutcome>;

interface FileAnswer {
  content: string;
  isText: boolean;
  size: number;
}

const HANDLERS: { [T in WorkspaceTool]: Handler<T> } = {
  async list_files(env, p, { path }) {
    const r = await hostJson<{ files: { path: string; size: number }[]; truncated: boolean }>(env, p, "list", { path: path || undefined });
    const shown = r.files.slice(0, LIST_MAX).map((f) => `${f.path} (${f.size} B)`);
    const more = r.files.length > LIST_MAX || r.truncated ? `\n[${r.files.length - shown.length}+ more files not shown; list a subfolder]` : "";
    return done(shown.join("\n") + more || "(no files)", `${r.files.length} file(s)`);
  },
  async read_file(env, p, { path, start_line, end_line }) {
    const r = await hostJson<FileAnswer>(env, p, "file", { path });
    if (!r.isText) return failed(`${path} is a binary file (${r.size} bytes)`);
    const lines = r.content.split("\n");
    const from = Math.max(1, Math.floor(start_line ?? 1));
    const to = Math.min(lines.length, Math.floor(end_line ?? lines.length));
    const text = lines.slice(from - 1, to).join("\n");
    const range = from === 1 && to === lines.length ? `${lines.length} lines` : `lines ${from}-${to} of ${lines.length}`;
    return done(`${path} (${range}):\n${text}`, `${path} · ${range}`);
  },
  async search_files(env, p, { query, regex }) {
    type Hit = { path?: string; filePath?: string; line?: number; lineNumber?: number; text?: string; content?: string };
    const r = await hostJson<{ results: { files: Hit[]; content: Hit[] }; totalResults: number }>(
      env,
      p,
      "search",
      {},
      jsonInit("POST", { query, searchTypes: ["files", "content"], maxResults: SEARCH_MAX, contentOptions: { regex: !!regex } }),
    );
    const files = r.results.files.map((f) => `file: ${f.path ?? f.filePath}`);
    const lines = r.results.content.map((h) => `${h.path ?? h.filePath}:${h.line ?? h.lineNumber ?? "?"}: ${(h.text ?? h.content ?? "").trim().slice(0, 300)}`);
    const all = [...files, ...lines].slice(0, SEARCH_MAX);
    return done(all.join("\n") || "No matches.", `${r.totalResults} match(es) for "${query.slice(0, 60)}"`);
  },
  async git_status(env, p) {
    const r = await hostJson<{ branch: string; files: { filePath: string; status: string }[]; hasRemote: boolean }>(env, p, "git/status");
    const files = r.files.map((f) => `${f.status}: ${f.filePath}`).join("\n");
    return done(`branch: ${r.branch}\nremote: ${r.hasRemote ? "yes" : "none"}\n${files || "no changes"}`, `${r.branch} · ${r.files.length} changed`);
  },
  async git_diff(env, p, { path }) {
    if (path) return done(await fileDiff(env, p, path), `diff of ${path}`);
    const status = await hostJson<{ files: { filePath: string; status: string }[] }>(env, p, "git/status");
    const parts: string[] = [];
    for (const f of status.files.slice(0, DIFF_FILES_MAX)) parts.push(await fileDiff(env, p, f.filePath));
    if (status.files.length > DIFF_FILES_MAX) parts.push(`[${status.files.length - DIFF_FILES_MAX} more changed files not shown]`);
    return done(parts.join("\n\n") || "No uncommitted changes.", `${status.files.length} changed file(s)`);
  },
  async write_file(env, p, { path, content }) {
    await hostJson(env, p, "file", {}, jsonInit("PUT", { path, content }));
    return done(`Wrote ${path} (${content.length} characters).`, `${path} · ${content.split("\n").length} lines`, [path]);
  },
  async edit_file(env, p, { path, old_text, new_text, replace_all }) {
    const file = await hostJson<FileAnswer>(env, p, "file", { path });
    if (!file.isText) return failed(`${path} is a binary file`);
    const count = file.content.split(old_text).length - 1;
    if (count === 0) return failed(`old_text was not found in ${path}; read the file and copy the text exactly`);
    if (count > 1 && !replace_all) return failed(`old_text appears ${count} times in ${path}; add surrounding lines to make it unique, or set replace_all`);
    const next = replace_all ? file.content.split(old_text).join(new_text) : file.content.replace(old_text, () => new_text);
    await hostJson(env, p, "file", {}, jsonInit("PUT", { path, content: next }));
    return done(`Edited ${path}: ${count} replacement(s).`, `${path} · ${count} replacement(s)`, [path]);
  },
  async delete_file(env, p, { path }) {
    await hostJson(env, p, "file", { path }, { method: "DELETE" });
    return done(`Deleted ${path}.`, `deleted ${path}`, [path]);
  },
  async run_command(env, p, { command, timeout_seconds }) {
    const seconds = Math.min(COMMAND_TIMEOUT_S.max, Math.max(1, Math.floor(timeout_seconds ?? COMMAND_TIMEOUT_S.default)));
    type Exec = { exitCode: number; stdout: string; stderr: string; timedOut: boolean; truncated: boolean; durationMs: number };
    const r = await hostJson<Exec>(env, p, "exec", {}, jsonInit("POST", { command, timeoutMs: seconds * 1000 }, seconds * 1000 + 15_000));
    const head = r.timedOut ? `Timed out after ${seconds} s (killed).` : `Exit code ${r.exitCode}.`;
    const output = [head, r.stdout && `stdout:\n${r.stdout}`, r.stderr && `stderr:\n${r.stderr}`].filter(Boolean).join("\n");
    const outcome = done(
      output,
      `${r.timedOut ? "timed out" : `exit ${r.exitCode}`} · ${(r.stdout || r.stderr).trim().split("\n").at(-1)?.slice(0, 120) ?? ""}`,
      [],
      true,
    );
    // A command may change any file: the explorer refreshes everything ("" = the root).
    return { ...outcome, ok: !r.timedOut && r.exitCode === 0, changedPaths: [""] };
  },
  async git_commit(env, p, { message }) {
    type Commit = { hash: string; branch?: string; filesChanged?: number; additions?: number; deletions?: number };
    const r = await hostJson<Commit>(env, p, "git/commit", {}, jsonInit("POST", { message }));
    const stats = `${r.filesChanged ?? "?"} file(s) changed, +${r.additions ?? 0} -${r.deletions ?? 0}`;
    return done(`Committed ${r.hash.slice(0, 8)} on ${r.branch ?? "the current branch"}: ${stats}.`, `${r.hash.slice(0, 8)} · ${stats}`, [""], true);
  },
  async git_push(env, p) {
    const r = await hostJson<{ remote: string; branch: string }>(env, p, "git/push", {}, jsonInit("POST", {}, 135_000));
    return done(`Pushed ${r.branch} to ${r.remote}.`, `pushed ${r.branch} → ${r.remote}`, [], true);
  },
};

async function fileDiff(env: Env, p: WorkspaceRef, path: string): Promise<string> {
  const d = await hostJson<{ original: string; modified: string; existsInHead: boolean; existsInWorkingDir: boolean }>(env, p, "git/diff", { path });
  if (!d.existsInHead) return `new file ${path}:\n${d.modified}`;
  if (!d.existsInWorkingDir) return `deleted ${path}`;
  return `${path}:\n${lineDiff(d.original, d.modified)}`;
}

/** A compact diff for the model: changed lines only, with their line numbers (no LCS needed for this use). */
export function lineDiff(before: string, after: string): string {
  const a = before.split("\n");
  const b = after.split("\n");
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length - 1;
  let endB = b.length - 1;
  while (endA >= start && endB >= start && a[endA] === b[endB]) {
    endA--;
    endB--;
  }
  const removed = a.slice(start, endA + 1).map((l) => `- ${l}`);
  const added = b.slice(start, endB + 1).map((l) => `+ ${l}`);
  return [`@@ line ${start + 1}`, ...removed, ...added].join("\n");
}

export function isWorkspaceTool(name: string): name is WorkspaceTool {
  return Object.hasOwn(INPUTS, name);
}

/** Runs one tool call against the project's workspace. Never throws: every failure is an outcome the model can read. */
export async function executeWorkspaceTool(env: Env, project: WorkspaceRef, name: WorkspaceTool, input: unknown): Promise<ToolOutcome> {
  const parsed = v.safeParse(INPUTS[name], input ?? {});
  if (!parsed.success) return failed(`invalid arguments for ${name}: ${parsed.issues[0]?.message ?? "bad input"}`);
  try {
    const handler = HANDLERS[name] as Handler<WorkspaceTool>;
    const outcome = await handler(env, project, parsed.output as Input<WorkspaceTool>);
    return { ...outcome, output: capOutput(outcome.output) };
  } catch (err) {
    if (err instanceof ApiError) return { ...failed(err.message), hostDown: err.status === 503 || err.status === 502 };
    return failed(err instanceof Error ? err.message : String(err));
  }
}
