import { and, eq } from "drizzle-orm";
import { deepResearch } from "../../db/schema";
import { askText } from "../../analysis/model-json";
import { RESEARCH_SYSTEM, sourcePrompt } from "../../analysis/prompts";
import { sourceText } from "../../analysis/source";
import type { Step, StepContext } from "./job";

async function updateSession({ db, file, job }: StepContext, patch: Partial<typeof deepResearch.$inferInsert>): Promise<void> {
  await db
    .update(deepResearch)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(deepResearch.fileId, file.id), eq(deepResearch.runId, job.runId)));
}

/** A markdown report answering the session's question from the file's transcript or text. */
export const researchStep: Step = {
  async run(ctx) {
    const { env, db, file, job } = ctx;
    const [session] = await db.select().from(deepResearch).where(eq(deepResearch.fileId, file.id)).limit(1);
    if (!session || session.runId !== job.runId || session.status !== 1) return;
    // The question comes first, so the model (and a scripted test model) reads it before the source.
    const prompt = `Question: ${session.question}\n\n${sourcePrompt(file.name, await sourceText(env, db, file))}`;
    const answer = (await askText(env, RESEARCH_SYSTEM, prompt)).trim();
    await updateSession(ctx, { status: 2, answer: answer || "The model gave no answer.", error: null });
  },
  async fail(ctx, message) {
    await updateSession(ctx, { status: 3, error: `The research failed: ${message}` });
  },
};
