import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db/client";
import { knowledgeChunk, knowledgeFile } from "../db/schema";
import type { Env } from "../env";
import { chunkText, searchTextOf } from "./chunk";
import { ExtractError, documentText } from "./extract";
import { kindOfStoredType } from "./file-types";
import { insertSlices } from "../db/bound-lists";

export type KnowledgeFileRow = typeof knowledgeFile.$inferSelect;

/** About 1.6 MB of text; past that a document is a library, and D1 writes would dominate. */
export const MAX_CHUNKS_PER_FILE = 2000;
/** The reason stored when indexing broke for a reason of ours, not the document's; repair retries these. */
export const TRANSIENT_FAILURE = "The file could not be indexed; try again later.";

async function fail(db: Db, fileId: string, error: string): Promise<void> {
  await db.batch([
    db.delete(knowledgeChunk).where(eq(knowledgeChunk.fileId, fileId)),
    db.update(knowledgeFile).set({ status: "failed", chunkCount: 0, error, updatedAt: new Date() }).where(eq(knowledgeFile.id, fileId)),
  ]);
}

/**
 * Reads the file from R2, splits its text into passages and writes them to the FTS-indexed chunk
 * table. Old passages, the new ones and the status change in one batch (one transaction), so a
 * file is searchable exactly when it says `indexed`. Never throws for a bad document: the file
 * ends `failed` with a reason instead.
 */
export async function indexFile(env: Env, db: Db, file: KnowledgeFileRow): Promise<void> {
  try {
    const kind = kindOfStoredType(file.mimeType);
    if (!kind) return await fail(db, file.id, "This file type cannot be indexed.");
    const object = await env.FILES.get(file.uploadKey);
    if (!object) return await fail(db, file.id, "The uploaded file is missing; upload it again.");
    const text = await documentText(new Uint8Array(await object.arrayBuffer()), kind);
    const chunks = chunkText(text).slice(0, MAX_CHUNKS_PER_FILE);
    if (chunks.length === 0) return await fail(db, file.id, "No text was found in this file.");

    const rows = chunks.map((t, ord) => ({ fileId: file.id, vireId: file.vireId, ord, text: t, searchText: searchTextOf(t) }));
    const statements: BatchItem<"sqlite">[] = [db.delete(knowledgeChunk).where(eq(knowledgeChunk.fileId, file.id))];
    for (const part of insertSlices(knowledgeChunk, rows)) statements.push(db.insert(knowledgeChunk).values(part));
    statements.push(
      db.update(knowledgeFile).set({ status: "indexed", chunkCount: chunks.length, error: null, updatedAt: new Date() }).where(eq(knowledgeFile.id, file.id)),
    );
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (err) {
    if (!(err instanceof ExtractError)) console.error("knowledge: indexing failed", file.id, err);
    const reason = err instanceof ExtractError ? err.message : TRANSIENT_FAILURE;
    await fail(db, file.id, reason).catch((e) => console.error("knowledge: could not record the failure", file.id, e));
  }
}
