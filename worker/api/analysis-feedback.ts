import { FeedbackAddBody, FeedbackUpdateBody, type Feedback } from "../../contract";
import { getDb } from "../db/client";
import { newApp } from "../lib/app";
import { ApiError, ok } from "../lib/envelope";
import { requireUser } from "../lib/session";
import { json } from "../lib/validate";
import { requireFileAccess } from "../analysis/access";
import { addFeedback, fileOfTask, ownFeedback, updateFeedback } from "../analysis/feedback";

const TASK_NOT_FOUND = "Task not found";

/** `/api/content/feedback/…` (spec 03 §3 "Feedback"): a user's thumbs on an analysis result; only their own can be changed. */
export const analysisFeedbackApi = newApp()
  .use(requireUser)
  .post("/add", json(FeedbackAddBody), async (c) => {
    const body = c.req.valid("json");
    const db = getDb(c.env.DB);
    const fileId = await fileOfTask(db, body.taskId);
    if (!fileId) throw new ApiError(404, TASK_NOT_FOUND);
    await requireFileAccess(c, fileId).catch((err: unknown) => {
      throw err instanceof ApiError && err.status === 404 ? new ApiError(404, TASK_NOT_FOUND) : err;
    });
    return ok<Feedback>(c, await addFeedback(db, c.get("user").id, fileId, body));
  })
  .post("/update", json(FeedbackUpdateBody), async (c) => {
    const body = c.req.valid("json");
    const db = getDb(c.env.DB);
    const row = await ownFeedback(db, c.get("user").id, body.id);
    if (!row) throw new ApiError(404, "Feedback not found");
    // Still allowed to see the file: someone who left the chat no longer rates its results.
    await requireFileAccess(c, row.fileId).catch((err: unknown) => {
      throw err instanceof ApiError && err.status === 404 ? new ApiError(404, "Feedback not found") : err;
    });
    return ok<Feedback>(c, await updateFeedback(db, row, body));
  });
