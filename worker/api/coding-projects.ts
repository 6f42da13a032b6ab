import * as v from "valibot";
import {
  Id,
  PROJECT_TEXTS,
  type AgentRegistrationAnswer,
  type CodingProject,
  type CreateProjectAnswer,
  type DeleteProjectAnswer,
  type LinkProjectAnswer,
  type ProjectListAnswer,
} from "../../contract";
import { getDb } from "../db/client";
import { newApp } from "../lib/app";
import { requireChatMember } from "../lib/chat-access";
import { ApiError, ok } from "../lib/envelope";
import { currentMembership } from "../lib/org-access";
import { requireSameOrigin } from "../lib/origin";
import { ADDRESS_NOT_ALLOWED } from "../lib/outbound";
import { requireCan, requireProjectAccess, requireProjectAccessById, toCodingProject } from "../lib/project-access";
import { limitReachedError, privateChatError } from "../lib/refusals";
import { requireUser } from "../lib/session";
import { json } from "../lib/validate";
import { createProject, type CreateProjectRefused } from "../workspace/create-project";
import { deleteProject } from "../workspace/delete-project";
import { linkChatToProject, type LinkRefused } from "../workspace/link-project";
import { CreateProjectRequest } from "../workspace/project-body";
import { listVisibleProjects, projectView } from "../workspace/project-store";
import { proxyTerminal } from "../workspace/terminal";
import { ensureWorkspace } from "../workspace/workspace-ops";

const LinkBody = v.object({ chatId: Id, projectId: Id });
/** Only `project_id` matters here; the rest of the spec's payload describes what the Worker already stores. */
const AgentRegistrationBody = v.looseObject({ project_id: Id });

/** The spec's texts for a refused creation (spec 03 §8); the client recognises the organization and agent ones. */
function createProjectError(r: CreateProjectRefused): ApiError {
  switch (r.reason) {
    case "limit_reached":
      return limitReachedError(r);
    case "no_organization":
      return new ApiError(400, PROJECT_TEXTS.noOrganization);
    case "other_organization":
      return new ApiError(400, "Please select an organization first!");
    case "no_coding_agent":
      return new ApiError(400, PROJECT_TEXTS.noCodingAgent);
    case "import_without_url":
      return new ApiError(400, "Repository URL is required for an import");
    case "invalid_repo_url":
      return new ApiError(400, "Invalid repository URL");
    case "address_not_allowed":
      return new ApiError(400, ADDRESS_NOT_ALLOWED);
    case "import_failed":
      return new ApiError(502, "Import failed, please try again");
    case "create_failed":
      return new ApiError(502, "Failed to create project", 502, { reason: r.detail });
    case "self":
    case "not_in_organization":
    case "vire_not_found":
      return privateChatError(r);
  }
}

function linkError(r: LinkRefused): ApiError {
  switch (r.reason) {
    case "not_chat_owner":
      return new ApiError(403, "Only the chat owner can change its project");
    case "project_not_found":
      return new ApiError(404, "Project not found");
    case "other_organization":
      return new ApiError(400, "The chat and the project belong to different organizations");
  }
}

/** `/api/coding-projects`: coding projects (spec 03 §7.3), their files and git (§7.1) and terminal (§7.2). */
export const codingProjectsApi = newApp()
  .use(requireUser)
  .post("/", json(CreateProjectRequest), async (c) => {
    const body = c.req.valid("json");
    const created = await createProject(c.env, getDb(c.env.DB), c.get("user"), body);
    if (!created.ok) throw createProjectError(created);
    return ok<CreateProjectAnswer>(c, { success: true, project: created.project, chatId: created.chatId });
  })
  .get("/", async (c) => {
    const db = getDb(c.env.DB);
    const user = c.get("user");
    const membership = await currentMembership(db, user);
    const projects = membership ? await listVisibleProjects(db, user.id, membership.org.id) : [];
    return ok<ProjectListAnswer>(c, { projects });
  })
  .get("/:id", async (c) => {
    const { project, chat } = await requireProjectAccess(c);
    return ok<CodingProject>(c, await projectView(getDb(c.env.DB), project, chat));
  })
  .delete("/:id", async (c) => {
    const { project } = await requireProjectAccess(c);
    const deleted = await deleteProject(c.env, getDb(c.env.DB), project, c.get("user").id);
    if (!deleted.ok) throw new ApiError(403, "Only the project owner can delete this project");
    return ok<DeleteProjectAnswer>(c, { success: true, id: project.id });
  })
  .get("/:id/terminal", async (c) => {
    requireSameOrigin(c);
    const access = await requireProjectAccess(c);
    requireCan(access, "terminal");
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") throw new ApiError(426, "Expected a WebSocket upgrade");
    return proxyTerminal(c.env, access.project);
  });

/** `POST /api/chats/update-project-id`: points a chat of mine at a project of mine (spec 03 §7.3). */
export const chatProjectLinkApi = newApp()
  // Per route: this app shares the /api/chats prefix, whose other routes authenticate themselves.
  .post("/update-project-id", requireUser, json(LinkBody), async (c) => {
    const { chatId, projectId } = c.req.valid("json");
    const db = getDb(c.env.DB);
    const me = c.get("user");
    const { chat } = await requireChatMember(db, me.id, chatId);
    const linked = await linkChatToProject(c.env, db, chat, projectId, me.id);
    if (!linked.ok) throw linkError(linked);
    return ok<LinkProjectAnswer>(c, { success: true, chatId, projectId, project: linked.project });
  });

/** `POST /api/coding/projects`: the agent server's registration of a project. */
export const projectRegistrationApi = newApp()
  .use(requireUser)
  // The agent server's registration call (spec 03 §7.2): idempotent, for anyone who may see the project.
  .post("/", json(AgentRegistrationBody), async (c) => {
    const { project_id } = c.req.valid("json");
    const { project } = await requireProjectAccessById(c, project_id);
    const { created } = await ensureWorkspace(c.env, project);
    return ok<AgentRegistrationAnswer>(c, { success: true, project_dir_path: toCodingProject(project, null, null).directoryPath, created });
  });
