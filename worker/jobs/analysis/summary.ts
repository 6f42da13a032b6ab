import { eq } from "drizzle-orm";
import { analysisSummary } from "../../db/schema";
import { newId } from "../../lib/ids";
import { askJson, hasLanguageModel } from "../../analysis/model-json";
import { INSIGHTS_SYSTEM, InsightsAnswer, SUMMARY_SYSTEM, SummaryAnswer, sourcePrompt } from "../../analysis/prompts";
import { sourceText } from "../../analysis/source";
import { isCurrentRun, problemPatch, updateRun } from "../../analysis/store";
import { PROVIDER_SETTINGS_HINT } from "../../agents/models";
import { enqueueStep, type Step, type StepContext } from "./job";

/** Without a model the summary waits (status 0) and says which settings to fill; the detail route resumes it once they are. */
async function waitForModel({ db, file, job }: StepContext): Promise<void> {
  await updateRun(db, file.id, job.runId, { summaryStatus: 0, ...problemPatch({ code: "no_model", message: PROVIDER_SETTINGS_HINT }) });
}

async function summaryRow(ctx: StepContext) {
  return (await ctx.db.select().from(analysisSummary).where(eq(analysisSummary.fileId, ctx.file.id)).limit(1))[0] ?? null;
}

const failSummary: Step["fail"] = async ({ db, file, job }, message) => {
  await updateRun(db, file.id, job.runId, { summaryStatus: 3, ...problemPatch({ code: "failed", message: `The summary failed: ${message}` }) });
};

/** Summary (md, md2), title and keywords; status 2 waits for the mindmap and insight cards of the next step. */
export const summariseStep: Step = {
  async run(ctx) {
    const { env, db, file, job } = ctx;
    if (file.summaryStatus === 2 || file.summaryStatus === 3) return;
    if ((await summaryRow(ctx))?.md) return enqueueStep(env, "insights", file.id, job.runId);
    if (!hasLanguageModel(env)) return waitForModel(ctx);
    if (!(await updateRun(db, file.id, job.runId, { summaryStatus: 1, ...problemPatch(null) }))) return;
    const answer = await askJson(env, SummaryAnswer, SUMMARY_SYSTEM, sourcePrompt(file.name, await sourceText(env, db, file)));
    if (!(await isCurrentRun(db, file.id, job.runId))) return;
    const values = { title: answer.title, md: answer.md, md2: answer.md2, updatedAt: new Date() };
    await db
      .insert(analysisSummary)
      .values({ id: newId("sum"), fileId: file.id, ...values })
      .onConflictDoUpdate({ target: analysisSummary.fileId, set: values });
    if (await updateRun(db, file.id, job.runId, { keywords: answer.keywords })) await enqueueStep(env, "insights", file.id, job.runId);
  },
  fail: failSummary,
};

/** The mindmap (mind, mind2) and the insight cards; the summary is complete (status 2) after them. */
export const insightsStep: Step = {
  async run(ctx) {
    const { env, db, file, job } = ctx;
    if (file.summaryStatus === 2 || file.summaryStatus === 3) return;
    if (!hasLanguageModel(env)) return waitForModel(ctx);
    const answer = await askJson(env, InsightsAnswer, INSIGHTS_SYSTEM, sourcePrompt(file.name, await sourceText(env, db, file)));
    if (!(await isCurrentRun(db, file.id, job.runId))) return;
    await db
      .update(analysisSummary)
      .set({ mind: answer.mind, mind2: answer.mind2, aha: answer.aha, updatedAt: new Date() })
      .where(eq(analysisSummary.fileId, file.id));
    await updateRun(db, file.id, job.runId, { summaryStatus: 2 });
  },
  fail: failSummary,
};
