import type { CodingProject } from "./workspace";

/** What the project routes answer besides `CreateProjectAnswer` and `ProjectListAnswer` (the `data` of the envelope). */

/** `DELETE /api/coding-projects/{id}` */
export interface DeleteProjectAnswer {
  success: true;
  id: string;
}

/** `POST /api/chats/update-project-id` */
export interface LinkProjectAnswer {
  success: true;
  chatId: string;
  projectId: string;
  project: CodingProject;
}

/** `POST /api/coding/projects`: the agent server's registration of a project's workspace (spec 03 §7.2). */
export interface AgentRegistrationAnswer {
  success: true;
  project_dir_path: string;
  /** True when the host had lost the workspace and it was made again. */
  created: boolean;
}

/**
 * The plan's project limit, as `POST /api/coding-projects` refuses past it: HTTP 403 with this
 * text and `data = {code: "PLAN_LIMIT", item: "projects", limit, tier}`.
 */
export function projectLimitText(planName: string, limit: number): string {
  return `Project limit reached: your ${planName} plan supports up to ${limit} ${limit === 1 ? "project" : "projects"}.`;
}
