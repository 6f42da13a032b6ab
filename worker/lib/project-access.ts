import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { Id, PROJECT_TEXTS, type CodingProject } from "../../contract";
import { getDb } from "../db/client";
import { findChat, findParticipant, type ChatRow } from "../db/chats";
import { codingProject } from "../db/schema";
import { roomStub } from "../rooms/stubs";
import type { AppEnv } from "./app";
import { ApiError } from "./envelope";
import { parseWith } from "./validate";

export type ProjectRow = typeof codingProject.$inferSelect;

export interface ProjectAccess {
  project: ProjectRow;
  chat: ChatRow | null;
  /** The caller's role in the project's chat (spec 03 §6). */
  role: "owner" | "presenter" | "member";
  presenterId: string | null;
  can: { edit: boolean; upload: boolean; terminal: boolean; restart: boolean; kill: boolean };
}

/** Chat kinds whose editor follows the controller rule (spec 03 §6). */
const CONTROLLED_KINDS = new Set(["single_group", "virtual_employee"]);

/** The project named in the path (route param `param`); see `requireProjectAccessById`. */
export async function requireProjectAccess(c: Context<AppEnv>, param = "id"): Promise<ProjectAccess> {
  return requireProjectAccessById(c, c.req.param(param));
}

/**
 * The project `rawId` names (from a path, a query or a body), if the caller may see it: they own
 * it, or they are in its chat. Anything else is 404, so project ids reveal nothing. Also decides
 * what the caller may do.
 */
export async function requireProjectAccessById(c: Context<AppEnv>, rawId: unknown): Promise<ProjectAccess> {
  const projectId = parseWith(Id, rawId);
  const user = c.get("user");
  const db = getDb(c.env.DB);
  const [project] = await db.select().from(codingProject).where(eq(codingProject.id, projectId)).limit(1);
  if (!project) throw new ApiError(404, "Project not found");
  const chat = project.chatId ? await findChat(db, project.chatId) : null;
  const inChat = chat ? await findParticipant(db, chat.id, user.id) : null;
  if (project.ownerId !== user.id && !inChat) throw new ApiError(404, "Project not found");

  const holders = chat ? await roomStub(c.env, chat.id).controlHolders() : { ownerId: project.ownerId, presenterId: null };
  const ownerId = chat?.ownerId ?? project.ownerId;
  const role = user.id === ownerId ? "owner" : holders.presenterId === user.id ? "presenter" : "member";
  const presenter = holders.presenterId;
  // Spec 03 §6: in agent chats the presenter (or the owner while someone presents) drives the agent,
  // so their editor is read-only; everyone else edits.
  const controlled = chat ? CONTROLLED_KINDS.has(chat.kind) : false;
  const edit = !controlled || !(role === "presenter" || (role === "owner" && presenter !== null));
  const controller = presenter ? user.id === presenter : role === "owner";
  return {
    project,
    chat,
    role,
    presenterId: presenter,
    can: { edit, upload: edit, terminal: role === "owner" || role === "presenter", restart: role === "owner", kill: controller },
  };
}

export function requireCan(access: ProjectAccess, what: keyof ProjectAccess["can"]): void {
  const texts = {
    edit: PROJECT_TEXTS.readOnly,
    upload: PROJECT_TEXTS.uploadDenied,
    terminal: PROJECT_TEXTS.terminalDenied,
    restart: PROJECT_TEXTS.restartDenied,
    kill: PROJECT_TEXTS.killDenied,
  } as const;
  if (!access.can[what]) throw new ApiError(403, texts[what]);
}

/** The project as the browser sees it (spec 03 §3). `directoryPath` is the workspace on the host. */
export function toCodingProject(p: ProjectRow, chat: ChatRow | null, ownerName: string | null): CodingProject {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    directoryName: p.directoryName,
    directoryPath: `/workspaces/${p.ownerId}/${p.id}`,
    gitInitialized: p.gitInitialized,
    httpRepoUrl: p.httpRepoUrl,
    sshRepoUrl: p.sshRepoUrl,
    branch: p.branch,
    isImported: (p.isImported === 1 || p.isImported === 2 ? p.isImported : 0) as 0 | 1 | 2,
    status: p.status,
    currentUse: p.currentUse,
    organizationId: p.orgId,
    ownerId: p.ownerId,
    chatId: p.chatId,
    chatName: chat?.name ?? null,
    chatType: chat?.kind ?? null,
    chatOwnerId: chat?.ownerId ?? null,
    chatOwnerName: ownerName,
    approvalPolicy: p.approvalPolicy === "auto_edits" ? "auto_edits" : "ask",
    createdAt: p.createdAt.toISOString(),
  };
}
