import { and, eq, or, sql } from "drizzle-orm";
import type { AnalysisProblem, AnalysisSource } from "../../contract";
import type { Db } from "../db/client";
import { analysisFile, analysisSummary, analysisTranscript, deepResearch } from "../db/schema";
import { newId } from "../lib/ids";
import { analysisKindOf, fileTypeOf, type AnalysisKind } from "./kinds";

export type AnalysisFileRow = typeof analysisFile.$inferSelect;
export type AnalysisFilePatch = Partial<Omit<typeof analysisFile.$inferInsert, "id" | "runId" | "createdAt">>;

export interface NewAnalysis {
  orgId: string;
  ownerId: string;
  source: AnalysisSource;
  /** Known for chat attachments; project files are copied to R2 by the first step. */
  r2Key: string | null;
  name: string;
  mimeType: string;
  size: number;
}

export const fileById = async (db: Db, id: string): Promise<AnalysisFileRow | null> =>
  (await db.select().from(analysisFile).where(eq(analysisFile.id, id)).limit(1))[0] ?? null;

export async function fileOfSource(db: Db, source: AnalysisSource): Promise<AnalysisFileRow | null> {
  const where =
    source.kind === "chat"
      ? and(eq(analysisFile.chatId, source.chatId), eq(analysisFile.attachmentId, source.attachmentId))
      : and(eq(analysisFile.projectId, source.projectId), eq(analysisFile.filePath, source.filePath));
  return (await db.select().from(analysisFile).where(where).limit(1))[0] ?? null;
}

export function sourceOf(row: AnalysisFileRow): AnalysisSource {
  return row.chatId
    ? { kind: "chat", chatId: row.chatId, attachmentId: row.attachmentId ?? "" }
    : { kind: "project", projectId: row.projectId ?? "", filePath: row.filePath ?? "" };
}

export function kindOfRow(row: AnalysisFileRow): AnalysisKind {
  return analysisKindOf(row.name) ?? { kind: "document", ext: "txt" };
}

/** The statuses a (re)started run begins with: recordings transcode first, documents are read first. */
export function startingStatuses(kind: AnalysisKind): AnalysisFilePatch {
  const recording = kind.kind === "recording";
  return {
    transcodeStatus: recording ? "ing" : null,
    transcribeStatus: recording ? 0 : null,
    setUpStatus: recording ? null : 1,
    summaryStatus: 0,
    problemCode: null,
    problemMessage: null,
  };
}

/**
 * The analysed file of a source, made once: a second upload event or a duplicate analyse call finds
 * the first one (the unique source index decides a race). `created` says whether this call made it.
 */
export async function createAnalysis(db: Db, input: NewAnalysis): Promise<{ row: AnalysisFileRow; created: boolean }> {
  const kind = analysisKindOf(input.name);
  if (!kind) throw new Error(`not an analysable file: ${input.name}`);
  const id = newId("afile");
  const chat = input.source.kind === "chat" ? input.source : null;
  const project = input.source.kind === "project" ? input.source : null;
  const inserted = await db
    .insert(analysisFile)
    .values({
      id,
      orgId: input.orgId,
      ownerId: input.ownerId,
      chatId: chat?.chatId ?? null,
      attachmentId: chat?.attachmentId ?? null,
      projectId: project?.projectId ?? null,
      filePath: project?.filePath ?? null,
      r2Key: input.r2Key,
      name: input.name.slice(0, 255),
      mimeType: input.mimeType,
      size: input.size,
      fileType: fileTypeOf(kind),
      runId: newId("run"),
      ...startingStatuses(kind),
    })
    .onConflictDoNothing()
    .returning();
  if (inserted[0]) {
    // The research session exists from the start: the viewer asks its button state by this id (spec §4).
    await db
      .insert(deepResearch)
      .values({ id: newId("dpr"), fileId: id, runId: newId("run") })
      .onConflictDoNothing();
    return { row: inserted[0], created: true };
  }
  const existing = await fileOfSource(db, input.source);
  if (!existing) throw new Error("analysis file vanished after a conflicting insert");
  return { row: existing, created: false };
}

/** A new run from the first step (refresh): earlier results are cleared and jobs of the old run become no-ops. */
export async function restartAnalysis(db: Db, row: AnalysisFileRow, patch: AnalysisFilePatch = {}): Promise<AnalysisFileRow> {
  const runId = newId("run");
  const [updated] = await db
    .update(analysisFile)
    .set({
      ...startingStatuses(kindOfRow(row)),
      formatKey: null,
      textKey: null,
      keywords: [],
      duration: null,
      language: null,
      ...patch,
      runId,
      updatedAt: new Date(),
    })
    .where(eq(analysisFile.id, row.id))
    .returning();
  await db.batch([
    db.delete(analysisTranscript).where(eq(analysisTranscript.fileId, row.id)),
    db.delete(analysisSummary).where(eq(analysisSummary.fileId, row.id)),
  ]);
  return updated ?? row;
}

/** Changes the file only while `runId` is still its run; false when a newer run (or a deletion) came first. */
export async function updateRun(db: Db, fileId: string, runId: string, patch: AnalysisFilePatch): Promise<boolean> {
  const done = await db
    .update(analysisFile)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(analysisFile.id, fileId), eq(analysisFile.runId, runId)))
    .returning({ id: analysisFile.id });
  return done.length > 0;
}

/**
 * Whether `runId` is still the file's run. Checked again just before a slow step (a model or speech
 * call) writes its result rows, so a run restarted meanwhile does not get the older run's results.
 */
export async function isCurrentRun(db: Db, fileId: string, runId: string): Promise<boolean> {
  const [row] = await db.select({ runId: analysisFile.runId }).from(analysisFile).where(eq(analysisFile.id, fileId)).limit(1);
  return row?.runId === runId;
}

/**
 * A project file (or a folder of them) was deleted: its analyses go with it (their results rows by
 * cascade, their R2 objects at the next cleanup), so a new file at that path starts fresh.
 */
export async function forgetProjectPath(db: Db, projectId: string, path: string): Promise<void> {
  const clean = path.replace(/^\/+|\/+$/g, "");
  if (!clean) return;
  await db
    .delete(analysisFile)
    .where(
      and(
        eq(analysisFile.projectId, projectId),
        or(eq(analysisFile.filePath, clean), sql`substr(${analysisFile.filePath}, 1, ${clean.length + 1}) = ${`${clean}/`}`),
      ),
    );
}

export const problemPatch = (problem: AnalysisProblem | null): AnalysisFilePatch => ({
  problemCode: problem?.code ?? null,
  problemMessage: problem?.message ?? null,
});
