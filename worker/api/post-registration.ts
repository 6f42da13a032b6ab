import { UpdateDefaultProjectBody, type DefaultProjectAnswer, type PendingProjectAnswer } from "../../contract";
import { getDb } from "../db/client";
import { newApp } from "../lib/app";
import { ApiError, ok } from "../lib/envelope";
import { requireProjectAccessById } from "../lib/project-access";
import { requireUser } from "../lib/session";
import { json } from "../lib/validate";
import { pendingProjectOf } from "../onboarding/default-project";
import { setDefaultProject } from "../onboarding/store";

/**
 * `/api/post-registration/update-default-project` (spec 01 §7). GET tells a newly registered user's
 * client whether a project waits to become their default one; POST records it as the user's
 * default project, with the folder it lives in on their workspace, which the workspace then opens
 * first. The body's userId must be the caller (nobody sets another user's default) and the
 * project must be one the caller can reach (theirs, or one whose chat they are in).
 */
export const postRegistrationApi = newApp()
  .use(requireUser)
  .get("/update-default-project", async (c) => ok<PendingProjectAnswer>(c, await pendingProjectOf(getDb(c.env.DB), c.get("user").id)))
  .post("/update-default-project", json(UpdateDefaultProjectBody), async (c) => {
    const { userId, projectId, directoryPath } = c.req.valid("json");
    const user = c.get("user");
    if (userId !== user.id) throw new ApiError(403, "You can only update your own default project");
    const { project } = await requireProjectAccessById(c, projectId);
    await setDefaultProject(getDb(c.env.DB), user.id, project.id, directoryPath);
    return ok<DefaultProjectAnswer>(c, { projectId: project.id, directoryPath });
  });
