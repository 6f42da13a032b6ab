import { eq, sql } from "drizzle-orm";
import { UNLIMITED, type CodingProject } from "../../contract";
import { openPrivateChat, type PrivateChatRefused } from "../chats/private-chat";
import type { Db } from "../db/client";
import { findChat, findParticipant, type ChatRow } from "../db/chats";
import { codingProject } from "../db/schema";
import type { Env } from "../env";
import type { AuthUser } from "../lib/app";
import { authenticatedCloneUrl } from "../git-accounts/clone-credentials";
import { ApiError } from "../lib/envelope";
import { newId } from "../lib/ids";
import { currentMembership } from "../lib/org-access";
import type { ProjectRow } from "../lib/project-access";
import { limitOf, type LimitReached } from "../plans/tier";
import { hostJson, jsonInit, type WorkspaceRef } from "./host";
import { repoUrls, type CreateProjectInput, type RepoUrlRefused } from "./project-body";
import { findCodingAgent, findProject, linkProjectChat, projectView } from "./project-store";
import { deleteWorkspace } from "./workspace-ops";

/** The host clones for up to 120 s; the Worker waits a little longer than that. */
const CLONE_WAIT_MS = 130_000;

export type CreateProjectRefused =
  | LimitReached
  | RepoUrlRefused
  | PrivateChatRefused
  | { ok: false; reason: "no_organization" | "other_organization" | "no_coding_agent" | "import_without_url" | "import_failed" }
  | { ok: false; reason: "create_failed"; detail: string };

interface HostWorkspace {
  workspace: { gitInitialized: boolean; branch: string | null };
}

async function createOnHost(
  env: Env,
  ref: WorkspaceRef,
  name: string,
  clone: { url: string; branch: string | undefined } | null,
): Promise<HostWorkspace["workspace"]> {
  if (!clone) return (await hostJson<HostWorkspace>(env, ref, "", {}, jsonInit("POST", { init: true, title: name }))).workspace;
  try {
    return (await hostJson<HostWorkspace>(env, ref, "", {}, jsonInit("POST", { cloneUrl: clone.url, branch: clone.branch }, CLONE_WAIT_MS))).workspace;
  } catch (err) {
    // Public hosts are imported on 'master' (spec 03 §9); repositories whose default is another
    // branch are cloned on their default instead of failing.
    const missingBranch = err instanceof ApiError && /Remote branch .* not found|couldn't find remote ref/i.test(err.message);
    if (!clone.branch || !missingBranch) throw err;
    return (await hostJson<HostWorkspace>(env, ref, "", {}, jsonInit("POST", { cloneUrl: clone.url }, CLONE_WAIT_MS))).workspace;
  }
}

/** The chat given by the client, when it is my own private chat with this coding agent and free. */
async function reusableChat(db: Db, me: AuthUser, chatId: string | null | undefined, orgId: string, agentId: string): Promise<ChatRow | null> {
  if (!chatId) return null;
  const row = await findChat(db, chatId);
  if (!row || row.ownerId !== me.id || row.kind !== "virtual_employee" || row.orgId !== orgId) return null;
  if (!(await findParticipant(db, row.id, agentId))) return null;
  if (row.projectId && (await findProject(db, row.projectId))) return null;
  return row;
}

type NewProject = Omit<typeof codingProject.$inferInsert, "createdAt" | "updatedAt" | "gitInitialized" | "status" | "currentUse" | "chatId">;

/**
 * Inserts the project unless its owner's plan limit is reached. The count is part of the INSERT
 * itself, so two concurrent creates can never pass the limit together. False: the limit is reached.
 */
async function insertWithinLimit(db: Db, p: NewProject, limit: number): Promise<boolean> {
  const now = Date.now();
  const result = await db.run(sql`
    INSERT INTO coding_project (id, owner_id, org_id, name, description, directory_name, http_repo_url, ssh_repo_url, branch, is_imported, created_at, updated_at)
    SELECT ${p.id}, ${p.ownerId}, ${p.orgId}, ${p.name}, ${p.description ?? ""}, ${p.directoryName}, ${p.httpRepoUrl ?? null}, ${p.sshRepoUrl ?? null},
           ${p.branch ?? "main"}, ${p.isImported ?? 0}, ${now}, ${now}
    WHERE (${limit} = ${UNLIMITED} OR (SELECT count(*) FROM coding_project WHERE owner_id = ${p.ownerId}) < ${limit})`);
  return result.meta.changes > 0;
}

/**
 * `POST /api/coding-projects`: the row (within the plan's project limit), then the workspace on
 * the host (fresh repository or a clone), then the project's private chat with my coding agent. A
 * failure after the row removes it, so nothing half-made is left; the chat is only opened once the
 * workspace exists.
 */
export async function createProject(
  env: Env,
  db: Db,
  me: AuthUser,
  body: CreateProjectInput,
): Promise<{ ok: true; project: CodingProject; chatId: string } | CreateProjectRefused> {
  const membership = await currentMembership(db, me);
  if (!membership) return { ok: false, reason: "no_organization" };
  const orgId = membership.org.id;
  if (body.organizationId && body.organizationId !== orgId) return { ok: false, reason: "other_organization" };
  const agent = await findCodingAgent(db, me.id, orgId);
  if (!agent) return { ok: false, reason: "no_coding_agent" };

  const importing = !!body.httpRepoUrl?.trim();
  if (!importing && body.isImported) return { ok: false, reason: "import_without_url" };
  const isImported = importing ? (body.isImported === 2 ? 2 : 1) : 0;
  const urls = importing ? repoUrls(env, body.httpRepoUrl!) : null;
  if (urls && !urls.ok) return urls;
  const branch = body.branch?.trim() || (isImported === 2 ? "master" : undefined);

  const id = newId("proj");
  const { tier, limit } = limitOf(me, "projects");
  const inserted = await insertWithinLimit(
    db,
    {
      id,
      ownerId: me.id,
      orgId,
      name: body.name,
      description: body.description.trim(),
      directoryName: body.name.replace(/[^A-Za-z0-9_-]+/g, "-"),
      httpRepoUrl: urls?.stored ?? null,
      sshRepoUrl: body.sshRepoUrl?.trim() || null,
      branch: branch ?? "main",
      isImported,
    },
    limit,
  );
  if (!inserted) return { ok: false, reason: "limit_reached", item: "projects", tier, limit };

  const ref = { id, ownerId: me.id };
  let workspace: HostWorkspace["workspace"];
  try {
    // The user's token for the repository's host goes into the clone URL the host alone sees; the row keeps `urls.stored`.
    const clone = urls && { url: await authenticatedCloneUrl(env, db, me.id, urls.clone, { ...body, isImported }), branch };
    workspace = await createOnHost(env, ref, body.name, clone);
  } catch (err) {
    await db.delete(codingProject).where(eq(codingProject.id, id));
    // An import's reason is the host's git output: it can name the URL (with its token) and tell
    // a refused port from a silent one, so imports answer the spec's text alone.
    if (importing) return { ok: false, reason: "import_failed" };
    return { ok: false, reason: "create_failed", detail: err instanceof Error ? err.message : String(err) };
  }

  try {
    await db
      .update(codingProject)
      .set({ gitInitialized: workspace.gitInitialized, branch: workspace.branch ?? branch ?? "main", updatedAt: new Date() })
      .where(eq(codingProject.id, id));
    const reused = await reusableChat(db, me, body.chatId, orgId, agent.id);
    const opened = reused ? null : await openPrivateChat(env, db, me, agent.id, "virtual_employee", orgId, { forceNew: true, projectId: id });
    if (opened && !opened.ok) {
      await removeHalfMade(env, db, ref);
      return opened;
    }
    const chatRow = reused ?? opened!.row;
    await linkProjectChat(db, id, chatRow.id);
    const project = (await findProject(db, id)) as ProjectRow;
    return { ok: true, project: await projectView(db, project, { ...chatRow, projectId: id }), chatId: chatRow.id };
  } catch (err) {
    await removeHalfMade(env, db, ref);
    throw err;
  }
}

async function removeHalfMade(env: Env, db: Db, ref: WorkspaceRef): Promise<void> {
  await db.delete(codingProject).where(eq(codingProject.id, ref.id));
  await deleteWorkspace(env, ref).catch(() => undefined);
}
