import * as v from "valibot";
import { and, eq } from "drizzle-orm";
import type { Feedback, FeedbackAddBody, FeedbackUpdateBody } from "../../contract";
import type { Db } from "../db/client";
import { analysisFeedback, analysisSummary, analysisTranscript, deepResearch } from "../db/schema";
import { newId } from "../lib/ids";

type FeedbackRow = typeof analysisFeedback.$inferSelect;

export function toFeedback(row: FeedbackRow): Feedback {
  return {
    id: row.id,
    taskId: row.taskId,
    feedbackType: row.feedbackType,
    content: row.content,
    likeOrStep: (row.likeOrStep === 1 || row.likeOrStep === -1 ? row.likeOrStep : 0) as Feedback["likeOrStep"],
    tag: row.tag,
  };
}

/** The analysed file a feedback's task belongs to: the file itself, its transcript, its summary or its research session. */
export async function fileOfTask(db: Db, taskId: string): Promise<string | null> {
  const [prefix] = taskId.split("_");
  if (!/^[a-z]+_[a-f0-9]{32}$/.test(taskId)) return null;
  if (prefix === "afile") return taskId;
  const table = prefix === "trs" ? analysisTranscript : prefix === "sum" ? analysisSummary : prefix === "dpr" ? deepResearch : null;
  if (!table) return null;
  const [row] = await db.select({ fileId: table.fileId }).from(table).where(eq(table.id, taskId)).limit(1);
  return row?.fileId ?? null;
}

/** One rating per user, task and kind: adding again replaces the earlier one (a double click never makes two). */
export async function addFeedback(db: Db, userId: string, fileId: string, body: v.InferOutput<typeof FeedbackAddBody>): Promise<Feedback> {
  const values = { content: body.content, likeOrStep: body.likeOrStep, tag: body.tag, updatedAt: new Date() };
  const [row] = await db
    .insert(analysisFeedback)
    .values({ id: newId("fb"), fileId, userId, taskId: body.taskId, feedbackType: body.feedbackType, ...values })
    .onConflictDoUpdate({ target: [analysisFeedback.userId, analysisFeedback.taskId, analysisFeedback.feedbackType], set: values })
    .returning();
  return toFeedback(row!);
}

export async function ownFeedback(db: Db, userId: string, id: string): Promise<FeedbackRow | null> {
  const [row] = await db
    .select()
    .from(analysisFeedback)
    .where(and(eq(analysisFeedback.id, id), eq(analysisFeedback.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function updateFeedback(db: Db, row: FeedbackRow, body: v.InferOutput<typeof FeedbackUpdateBody>): Promise<Feedback> {
  const [updated] = await db
    .update(analysisFeedback)
    .set({
      likeOrStep: body.likeOrStep,
      ...(body.content !== undefined ? { content: body.content } : {}),
      ...(body.tag !== undefined ? { tag: body.tag } : {}),
      updatedAt: new Date(),
    })
    .where(eq(analysisFeedback.id, row.id))
    .returning();
  return toFeedback(updated ?? row);
}
