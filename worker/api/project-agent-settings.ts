import { eq } from "drizzle-orm";
import { AgentSettingsBody, PROJECT_TEXTS, type AgentSettingsAnswer } from "../../contract";
import { getDb } from "../db/client";
import { codingProject } from "../db/schema";
import { newApp } from "../lib/app";
import { ApiError, ok } from "../lib/envelope";
import { requireProjectAccess } from "../lib/project-access";
import { requireUser } from "../lib/session";
import { json } from "../lib/validate";

/** `PUT /api/v2/coding-projects/{id}/agent-settings`: the project owner sets the coding agent's approval policy. */
export const projectAgentSettingsApi = newApp()
  .use(requireUser)
  .put("/:id/agent-settings", json(AgentSettingsBody), async (c) => {
    const access = await requireProjectAccess(c);
    if (access.project.ownerId !== c.get("user").id) throw new ApiError(403, PROJECT_TEXTS.agentSettingsDenied);
    const { approvalPolicy } = c.req.valid("json");
    await getDb(c.env.DB).update(codingProject).set({ approvalPolicy, updatedAt: new Date() }).where(eq(codingProject.id, access.project.id));
    return ok<AgentSettingsAnswer>(c, { approvalPolicy });
  });
