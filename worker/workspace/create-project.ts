import { eq } from "drizzle-orm";
import * as v from "valibot";
import { CreateProjectBody, PROJECT_TEXTS, importedProjectName, type CodingProject } from "../../contract";
import type { Db } from "../db/client";
import { findChat, findParticipant, type ChatRow } from "../db/chats";
import { codingProject } from "../db/schema";
import type { Env } from "../env";
import { openPrivateChat } from "../api/private-chats";
import type { AuthUser } from "../lib/app";
import { ApiError } from "../lib/envelope";
import { newId } from "../lib/ids";
import { currentMembership } from "../lib/org-access";
import type { ProjectRow } from "../lib/project-access";
import { AddressNotAllowed, checkOutboundUrl } from "../lib/outbound";
import { parseWith } from "../lib/validate";
import { hostJson, jsonInit, type WorkspaceRef } from "./host";
import { findCodingAgent, findProject, linkProjectChat, projectView } from "./project-store";
import { deleteWorkspace } from "./workspace-ops";

export const SELECT_ORGANIZATION = "Please select an organization first!";
export const CREATE_FAILED = "Failed to create project";
export const IMPORT_FAILED = "Import failed, please try again";
/** The host clones for up to 120 s; the Worker waits a little longer than that. */
const CLONE_WAIT_MS = 130_000;
/** No file:, which would clone the host's own folders (other workspaces) into this one. */
const REPO_SCHEMES = ["http:", "https:", "git:"] as const;

type Body = v.InferOutput<typeof CreateProjectBody>;

/** `owner/repo.git` → `repo`. */
function repoNameOf(url: string): string {
  const last = url.replace(/[?#].*$/, "").replace(/\/+$/, "").split(/[/:]/).pop() ?? "";
  return last.replace(/\.git$/i, "");
}

/**
 * Imports name the project after the repository the way spec 03 §5 says (so "my.repo" becomes
 * "my-repo" instead of failing the name rule); created projects keep the typed name.
 */
export function parseCreateBody(raw: unknown): Body {
  if (raw && typeof raw === "object" && !Array.isArray(raw)) {
    const input = raw as Record<string, unknown>;
    if (typeof input.httpRepoUrl === "string" && input.httpRepoUrl.trim() !== "") {
      const given = typeof input.name === "string" && input.name.trim() !== "" ? input.name : repoNameOf(input.httpRepoUrl.trim());
      raw = { ...input, name: importedProjectName(given, input.isImported === 2) };
    }
  }
  return parseWith(CreateProjectBody, raw);
}

/**
 * The URL to clone, and the one to keep (without credentials someone may have put in it). The
 * address is checked here, before the host connects anywhere; the host checks again after DNS.
 */
function repoUrls(env: Env, raw: string): { clone: string; stored: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ApiError(400, "Invalid repository URL");
  }
  if (!(REPO_SCHEMES as readonly string[]).includes(url.protocol)) throw new ApiError(400, "Invalid repository URL");
  try {
    checkOutboundUrl(env, url, REPO_SCHEMES);
  } catch (err) {
    if (err instanceof AddressNotAllowed) throw new ApiError(400, err.message);
    throw err;
  }
  const clone = url.toString();
  url.username = "";
  url.password = "";
  return { clone, stored: url.toString() };
}

interface HostWorkspace {
  workspace: { gitInitialized: boolean; branch: string | null };
}

async function createOnHost(env: Env, ref: WorkspaceRef, name: string, clone: { url: string; branch: string | undefined } | null): Promise<HostWorkspace["workspace"]> {
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

/**
 * `POST /api/coding-projects`: the row, then the workspace on the host (fresh repository or a
 * clone), then the project's private chat with my coding agent. A host failure removes the row,
 * so nothing half-made is left; the chat is only opened once the workspace exists.
 */
export async function createProject(env: Env, db: Db, me: AuthUser, body: Body): Promise<{ project: CodingProject; chatId: string }> {
  const membership = await currentMembership(db, me);
  if (!membership) throw new ApiError(400, PROJECT_TEXTS.noOrganization);
  const orgId = membership.org.id;
  if (body.organizationId && body.organizationId !== orgId) throw new ApiError(400, SELECT_ORGANIZATION);
  const agent = await findCodingAgent(db, me.id, orgId);
  if (!agent) throw new ApiError(400, PROJECT_TEXTS.noCodingAgent);

  const importing = !!body.httpRepoUrl?.trim();
  if (!importing && body.isImported) throw new ApiError(400, "Repository URL is required for an import");
  const isImported = importing ? (body.isImported === 2 ? 2 : 1) : 0;
  const urls = importing ? repoUrls(env, body.httpRepoUrl!) : null;
  const branch = body.branch?.trim() || (isImported === 2 ? "master" : undefined);

  const id = newId("proj");
  await db.insert(codingProject).values({
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
  });
  const ref = { id, ownerId: me.id };
  let workspace: HostWorkspace["workspace"];
  try {
    workspace = await createOnHost(env, ref, body.name, urls ? { url: urls.clone, branch } : null);
  } catch (err) {
    await db.delete(codingProject).where(eq(codingProject.id, id));
    // An import's reason is the host's git output: it can name the URL (with its token) and tell
    // a refused port from a silent one, so imports answer the spec's text alone.
    if (importing) throw new ApiError(502, IMPORT_FAILED);
    const reason = err instanceof Error ? err.message : String(err);
    throw new ApiError(502, CREATE_FAILED, 502, { reason });
  }

  try {
    await db
      .update(codingProject)
      .set({ gitInitialized: workspace.gitInitialized, branch: workspace.branch ?? branch ?? "main", updatedAt: new Date() })
      .where(eq(codingProject.id, id));
    const reused = await reusableChat(db, me, body.chatId, orgId, agent.id);
    const chatRow = reused ?? (await openPrivateChat(env, db, me, agent.id, "virtual_employee", orgId, { forceNew: true, projectId: id })).row;
    await linkProjectChat(db, id, chatRow.id);
    const project = (await findProject(db, id)) as ProjectRow;
    return { project: await projectView(db, project, { ...chatRow, projectId: id }), chatId: chatRow.id };
  } catch (err) {
    await db.delete(codingProject).where(eq(codingProject.id, id));
    await deleteWorkspace(env, ref).catch(() => undefined);
    throw err;
  }
}
