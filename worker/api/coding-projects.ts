import * as v from "valibot";
import { Id, type CodingProject, type CreateProjectAnswer } from "../../contract";
import { getDb, type Db } from "../db/client";
import { findChat, participantsOf } from "../db/chats";
import { newApp } from "../lib/app";
import { requireChatMember } from "../lib/chat-access";
import { dissolveChats } from "../lib/chat-dissolve";
import { tell } from "../lib/chat-sync";
import { ApiError, ok } from "../lib/envelope";
import { currentMembership } from "../lib/org-access";
import { requireSameOrigin } from "../lib/origin";
import { requireCan, requireProjectAccess, requireProjectAccessById, toCodingProject } from "../lib/project-access";
import { requireUser } from "../lib/session";
import { jsonBody } from "../lib/validate";
import { createProject, parseCreateBody } from "../workspace/create-project";
import { deleteProjectRow, findProject, linkProjectChat, listVisibleProjects, projectView } from "../workspace/project-store";
import { proxyTerminal } from "../workspace/terminal";
import { deleteWorkspace, ensureWorkspace } from "../workspace/workspace-ops";
import { fileListHandler, fileUploadHandler, gitStatusHandler, projectFilesApi, searchHandler } from "./project-files";
import type { Env } from "../env";

const LinkBody = v.object({ chatId: Id, projectId: Id });
/** Only `project_id` matters here; the rest of the spec's payload describes what the Worker already stores. */
const AgentRegistrationBody = v.looseObject({ project_id: Id });

/** Tells everyone in these chats to refetch them (their project link changed). */
async function announceProjectChange(env: Env, db: Db, chatIds: string[]): Promise<void> {
  const members = await participantsOf(db, chatIds);
  await Promise.all(
    chatIds.map((chatId) => {
      const users = (members.get(chatId) ?? []).filter((p) => p.participantType === "user").map((p) => p.participantId);
      return tell(env, users, { type: "chat_updated", chatId });
    }),
  );
}

/** `/api/coding-projects`: coding projects (spec 03 §7.3), their files and git (§7.1) and terminal (§7.2). */
export const codingProjectsApi = newApp()
  .use(requireUser)
  .post("/", async (c) => {
    const body = parseCreateBody(await jsonBody(c, v.unknown()));
    const result = await createProject(c.env, getDb(c.env.DB), c.get("user"), body);
    return ok<CreateProjectAnswer>(c, { success: true, project: result.project, chatId: result.chatId });
  })
  .get("/", async (c) => {
    const db = getDb(c.env.DB);
    const user = c.get("user");
    const membership = await currentMembership(db, user);
    const projects = membership ? await listVisibleProjects(db, user.id, membership.org.id) : [];
    return ok<{ projects: CodingProject[] }>(c, { projects });
  })
  .get("/:id", async (c) => {
    const { project, chat } = await requireProjectAccess(c);
    return ok<CodingProject>(c, await projectView(getDb(c.env.DB), project, chat));
  })
  .delete("/:id", async (c) => {
    const { project } = await requireProjectAccess(c);
    if (project.ownerId !== c.get("user").id) throw new ApiError(403, "Only the project owner can delete this project");
    await deleteWorkspace(c.env, project);
    const db = getDb(c.env.DB);
    const chatIds = await deleteProjectRow(db, project.id);
    // The project's own coding chat (a private chat with the coding agent) goes with it; group
    // chats that pointed at the project stay, unlinked.
    const chats = await Promise.all(chatIds.map((id) => findChat(db, id)));
    const own = chats.filter((ch) => ch?.kind === "virtual_employee" && ch.id === project.chatId).map((ch) => ch!.id);
    if (own.length) await dissolveChats(c.env, db, own);
    await announceProjectChange(c.env, db, chatIds.filter((id) => !own.includes(id)));
    return ok(c, { success: true, id: project.id });
  })
  .get("/:id/terminal", async (c) => {
    requireSameOrigin(c);
    const access = await requireProjectAccess(c);
    requireCan(access, "terminal");
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") throw new ApiError(426, "Expected a WebSocket upgrade");
    return proxyTerminal(c.env, access.project);
  })
  .route("/", projectFilesApi);

/** `POST /api/chats/update-project-id`: points a chat of mine at a project of mine (spec 03 §7.3). */
export const chatProjectLinkApi = newApp()
  // Per route: this app shares the /api/chats prefix, whose other routes authenticate themselves.
  .post("/update-project-id", requireUser, async (c) => {
    const { chatId, projectId } = await jsonBody(c, LinkBody);
    const db = getDb(c.env.DB);
    const me = c.get("user");
    const { chat } = await requireChatMember(db, me.id, chatId);
    if (chat.ownerId !== me.id) throw new ApiError(403, "Only the chat owner can change its project");
    const project = await findProject(db, projectId);
    if (!project || project.ownerId !== me.id) throw new ApiError(404, "Project not found");
    if (project.orgId !== chat.orgId) throw new ApiError(400, "The chat and the project belong to different organizations");
    const previous = [project.chatId].filter((id): id is string => !!id && id !== chatId);
    await linkProjectChat(db, projectId, chatId);
    await announceProjectChange(c.env, db, [chatId, ...previous]);
    const linked = await findProject(db, projectId);
    return ok(c, { success: true, chatId, projectId, project: await projectView(db, linked!, await findChat(db, chatId)) });
  });

/** `/api/v2/coding-projects/{id}/…`: project search (spec 02 §7) and the refreshes after creation (spec 03 §7.1). */
export const codingProjectsV2Api = newApp()
  .use(requireUser)
  .post("/:id/search", searchHandler)
  .get("/:id/files", fileListHandler)
  .get("/:id/git-status", gitStatusHandler);

/** `POST /api/coding/projects/{id}/file-upload`: the spec's upload path under `{sandbox.baseUrl}`. */
export const projectUploadAliasApi = newApp()
  .use(requireUser)
  .post("/:id/file-upload", fileUploadHandler)
  // The agent server's registration call (spec 03 §7.2): idempotent, for anyone who may see the project.
  .post("/", async (c) => {
    const { project_id } = await jsonBody(c, AgentRegistrationBody);
    const { project } = await requireProjectAccessById(c, project_id);
    const { created } = await ensureWorkspace(c.env, project);
    return ok(c, { success: true, project_dir_path: toCodingProject(project, null, null).directoryPath, created });
  });
