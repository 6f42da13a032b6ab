import type { Context } from "hono";
import * as v from "valibot";
import {
  CheckoutBody,
  CommitBody,
  SaveFileBody,
  type Commit,
  type FileContent,
  type FileDiff,
  type FileTreeAnswer,
  type GitStatus,
  type GitStatusAnswer,
  type ProjectConfig,
} from "../../contract";
import type {
  CheckoutAnswer,
  CommitAnswer,
  CommitListAnswer,
  DeletedFileAnswer,
  FileListAnswer,
  FileUploadAnswer,
  ProjectSearchAnswer,
  Reference,
  SavedFileAnswer,
} from "../../contract";
import { getDb } from "../db/client";
import { requireUser } from "../lib/session";
import { newApp, type AppEnv } from "../lib/app";
import { ApiError, ok } from "../lib/envelope";
import { requireCan, requireProjectAccess } from "../lib/project-access";
import { createFactory } from "hono/factory";
import { json, query } from "../lib/validate";
import { hostJson, hostStream, jsonInit, pickHeaders } from "../workspace/host";
import {
  fallbackGitStatus,
  toCommits,
  toFileContent,
  toFileDiff,
  toFileList,
  toFileTree,
  toGitStatusAnswer,
  type HostDiff,
  type HostFile,
  type HostList,
  type HostTree,
} from "../workspace/mappers";
import { publicOrigin } from "../workspace/public-origin";
import { ReferencesQuery, findReferences } from "../workspace/references";
import { ProjectSearchBody, toProjectSearchAnswer, type HostSearch } from "../workspace/search";
import { sandboxStatusOf, workspaceAvailable } from "../workspace/workspace-ops";
import { analyseUploaded } from "../analysis/start";
import { forgetProjectPath } from "../analysis/store";
import { STORED_BYTES_CSP, contentDisposition, isInlineType } from "../lib/file-content-type";

const RelPath = (what: string) =>
  v.pipe(v.optional(v.string(`${what} is required`), ""), v.minLength(1, `${what} is required`), v.maxLength(4096, `${what} is too long`));
const OptionalPath = v.optional(v.pipe(v.string(), v.maxLength(4096, "Path is too long")), "");
const Flag = v.optional(v.picklist(["true", "false"], "Expected true or false"));
const FileQuery = v.object({ filePath: RelPath("filePath") });
const RawQuery = v.object({ filePath: RelPath("filePath"), preview: Flag, download: Flag });
const TreeQuery = v.object({ parent_path: OptionalPath });
const ListQuery = v.object({ include_metadata: Flag, include_hidden: Flag });
const FolderQuery = v.object({ folderPath: OptionalPath });
const CommitsQuery = v.object({ limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, "limit must be a number"))) });
const DiffQuery = v.object({
  filePath: RelPath("filePath"),
  fromCommit: v.optional(v.literal("HEAD", "Only fromCommit=HEAD is supported")),
  toCommit: v.optional(v.literal("workingDir", "Only toCommit=workingDir is supported")),
  getOriginal: Flag,
});
const UploadQuery = v.object({ path: OptionalPath, folderPath: OptionalPath });
/** Saves are files, not API payloads: up to the host's 5 MB read limit plus JSON escaping. */
const MAX_SAVE_BYTES = 12 * 1024 * 1024;
const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

type Ctx = Context<AppEnv>;

export const GIT_PATH_REFUSED = "Paths inside .git cannot be changed through the file API";
/**
 * Writing into `.git` (any depth, any case) would let anyone with edit rights plant git
 * configuration (core.fsmonitor) or hooks; the sandbox host refuses it too (also via symlinks).
 */
function refuseGitPaths(...paths: string[]): void {
  const touches = (p: string) => p.split(/[\\/]+/).some((seg) => seg.toLowerCase() === ".git");
  if (paths.some(touches)) throw new ApiError(403, GIT_PATH_REFUSED);
}

export async function gitStatusHandler(c: Ctx) {
  const { project } = await requireProjectAccess(c);
  try {
    return ok<GitStatusAnswer>(c, toGitStatusAnswer(await hostJson<GitStatus>(c.env, project, "git/status")));
  } catch (err) {
    return ok<GitStatusAnswer>(c, fallbackGitStatus(err instanceof Error ? err.message : "Failed to get git status"));
  }
}

/** Handlers that other route files mount too, each with its validation in front. */
const shared = createFactory<AppEnv>();

export const fileListHandlers = shared.createHandlers(query(ListQuery), async (c) => {
  const { project } = await requireProjectAccess(c);
  const q = c.req.valid("query");
  const list = await hostJson<HostList>(c.env, project, "list", { includeHidden: q.include_hidden });
  return ok<FileListAnswer>(c, toFileList(list, q.include_metadata !== "false"));
});

export const fileUploadHandlers = shared.createHandlers(query(UploadQuery), async (c) => {
  const access = await requireProjectAccess(c);
  requireCan(access, "upload");
  const q = c.req.valid("query");
  refuseGitPaths(q.path, q.folderPath);
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) throw new ApiError(400, "Expected multipart/form-data");
  if (Number(c.req.header("content-length") ?? 0) > MAX_UPLOAD_BYTES) throw new ApiError(413, "Upload too large (limit 100 MB)");
  // The body goes through untouched; the host reads `file`, `file_path` and `overwrite` from it.
  const res = await hostStream(
    c.env,
    access.project,
    "upload",
    { path: q.path || q.folderPath || undefined },
    { method: "POST", headers: { "content-type": type }, body: c.req.raw.body },
    120_000,
  );
  const answer = (await res.json()) as { files: { path: string; size: number }[] };
  // Recordings and documents are analysed in the background (spec 03 §2.4); one uploaded again over itself starts over.
  const db = getDb(c.env.DB);
  for (const f of answer.files) {
    const source = { kind: "project" as const, projectId: access.project.id, filePath: f.path };
    const name = f.path.split("/").pop() ?? f.path;
    await analyseUploaded(c.env, db, { orgId: access.project.orgId, ownerId: c.get("user").id, source, r2Key: null, name, size: f.size }, true);
  }
  return ok<FileUploadAnswer>(c, { success: true, files: answer.files });
});

export const searchHandlers = shared.createHandlers(json(ProjectSearchBody), async (c) => {
  const { project } = await requireProjectAccess(c);
  const body = c.req.valid("json");
  const answer = await hostJson<HostSearch>(c.env, project, "search", {}, jsonInit("POST", body, 30_000));
  return ok<ProjectSearchAnswer>(c, toProjectSearchAnswer(answer));
});

/** Files and git of one project (spec 03 §7.1), under `/api/coding-projects/{id}/…`. */
export const projectFilesApi = newApp()
  .use(requireUser)
  .get("/:id/git-status", gitStatusHandler)
  .get("/:id/find-react-references", query(ReferencesQuery), async (c) => {
    const { project } = await requireProjectAccess(c);
    return ok<Reference[]>(c, await findReferences(c.env, project, c.req.valid("query").q));
  })
  .get("/:id/commits", query(CommitsQuery), async (c) => {
    const { project } = await requireProjectAccess(c);
    const { limit } = c.req.valid("query");
    return ok<CommitListAnswer>(c, toCommits((await hostJson<{ commits: Commit[] }>(c.env, project, "git/commits", { limit })).commits));
  })
  .post("/:id/commit", json(CommitBody), async (c) => {
    const access = await requireProjectAccess(c);
    requireCan(access, "edit");
    const { message } = c.req.valid("json");
    const done = await hostJson<{ hash: string; message: string }>(c.env, access.project, "git/commit", {}, jsonInit("POST", { message }, 30_000));
    return ok<CommitAnswer>(c, { hash: done.hash, message: done.message });
  })
  .post("/:id/checkout", json(CheckoutBody), async (c) => {
    const access = await requireProjectAccess(c);
    requireCan(access, "edit");
    const { commitHash } = c.req.valid("json");
    const done = await hostJson<{ hash: string }>(c.env, access.project, "git/checkout", {}, jsonInit("POST", { commitHash }, 30_000));
    return ok<CheckoutAnswer>(c, { hash: done.hash });
  })
  .get("/:id/file-diff", query(DiffQuery), async (c) => {
    const { project } = await requireProjectAccess(c);
    const q = c.req.valid("query");
    const diff = await hostJson<HostDiff>(c.env, project, "git/diff", { path: q.filePath });
    return ok<FileDiff>(c, toFileDiff(diff, q.getOriginal !== "false"));
  })
  .get("/:id/file-tree-lazy", query(TreeQuery), async (c) => {
    const { project } = await requireProjectAccess(c);
    const { parent_path } = c.req.valid("query");
    return ok<FileTreeAnswer>(c, toFileTree(await hostJson<HostTree>(c.env, project, "tree", { path: parent_path || undefined })));
  })
  .get("/:id/file-list", ...fileListHandlers)
  .get("/:id/folder-download", query(FolderQuery), async (c) => {
    const { project } = await requireProjectAccess(c);
    const { folderPath } = c.req.valid("query");
    const res = await hostStream(c.env, project, "download", { path: folderPath || undefined });
    const headers = pickHeaders(res.headers, ["content-type", "content-disposition", "x-folder-size", "x-file-count"]);
    headers.set("cache-control", "no-store");
    headers.set("content-security-policy", STORED_BYTES_CSP);
    return new Response(res.body, { status: 200, headers });
  })
  .get("/:id/file-raw", query(RawQuery), async (c) => {
    const { project } = await requireProjectAccess(c);
    const q = c.req.valid("query");
    const res = await hostStream(c.env, project, "raw", { path: q.filePath });
    const headers = pickHeaders(res.headers, ["content-type", "content-length"]);
    const name = q.filePath.split("/").pop() ?? "file";
    // Workspace files are anyone's bytes: only passive formats may render when opened.
    const inline = q.download !== "true" && isInlineType(headers.get("content-type") ?? "");
    headers.set("content-disposition", contentDisposition(inline ? "inline" : "attachment", name));
    headers.set("content-security-policy", STORED_BYTES_CSP);
    headers.set("x-content-type-options", "nosniff");
    headers.set("cache-control", "no-store");
    return new Response(res.body, { status: 200, headers });
  })
  .get("/:id/config", async (c) => {
    const access = await requireProjectAccess(c);
    const { project } = access;
    const [available, status] = await Promise.all([workspaceAvailable(c.env, project), sandboxStatusOf(getDb(c.env.DB), project.ownerId)]);
    const { edit, upload, terminal, restart, kill } = access.can;
    return ok<ProjectConfig>(c, {
      sandbox: { available, baseUrl: publicOrigin(c), status },
      project: { directoryName: project.directoryName, directoryPath: `/workspaces/${project.ownerId}/${project.id}` },
      permissions: { canEdit: edit, canUpload: upload, canUseTerminal: terminal, canRestart: restart, canKill: kill },
    });
  })
  .get("/:id/file-content", query(FileQuery), async (c) => {
    const { project } = await requireProjectAccess(c);
    const { filePath } = c.req.valid("query");
    return ok<FileContent>(c, toFileContent(await hostJson<HostFile>(c.env, project, "file", { path: filePath })));
  })
  .post("/:id/file-content", query(FileQuery), json(SaveFileBody, { maxBytes: MAX_SAVE_BYTES }), async (c) => {
    const access = await requireProjectAccess(c);
    requireCan(access, "edit");
    const { filePath } = c.req.valid("query");
    refuseGitPaths(filePath);
    const { file_content } = c.req.valid("json");
    const saved = await hostJson<{ path: string; size: number }>(
      c.env,
      access.project,
      "file",
      {},
      jsonInit("PUT", { path: filePath, content: file_content }, 30_000),
    );
    return ok<SavedFileAnswer>(c, { success: true, filePath: saved.path, size: saved.size, error: null });
  })
  .post("/:id/file-upload", ...fileUploadHandlers)
  .delete("/:id/file", query(FileQuery), async (c) => {
    const access = await requireProjectAccess(c);
    requireCan(access, "edit");
    const { filePath } = c.req.valid("query");
    refuseGitPaths(filePath);
    const done = await hostJson<{ path: string }>(c.env, access.project, "file", { path: filePath }, { method: "DELETE", timeoutMs: 30_000 });
    await forgetProjectPath(getDb(c.env.DB), access.project.id, done.path);
    return ok<DeletedFileAnswer>(c, { success: true, filePath: done.path });
  });

/** `/api/v2/coding-projects/{id}/…`: project search (spec 02 §7) and the refreshes after creation (spec 03 §7.1). */
export const projectFilesV2Api = newApp()
  .use(requireUser)
  .post("/:id/search", ...searchHandlers)
  .get("/:id/files", ...fileListHandlers)
  .get("/:id/git-status", gitStatusHandler);

/** `POST /api/coding/projects/{id}/file-upload`: the spec's upload path under `{sandbox.baseUrl}`. */
export const projectUploadAliasApi = newApp()
  .use(requireUser)
  .post("/:id/file-upload", ...fileUploadHandlers);
