import { and, count, eq, sql } from "drizzle-orm";
import { KNOWLEDGE_FILE_LIMIT, KNOWLEDGE_FREE_FILE_LIMIT, type KnowledgeBase, type KnowledgeFile, type Tier } from "../../contract";
import type { Db } from "../db/client";
import { knowledgeBase, knowledgeChunk, knowledgeFile } from "../db/schema";
import { newId } from "../lib/ids";
import type { KnowledgeFileRow } from "./indexer";
import { inList } from "../db/bound-lists";

export type KnowledgeBaseRow = typeof knowledgeBase.$inferSelect;

export function toKnowledgeBase(row: KnowledgeBaseRow, fileCount: number): KnowledgeBase {
  return { id: row.id, name: row.name, virtualEmployeeId: row.vireId, fileCount, createdAt: new Date(row.createdAt).toISOString() };
}

export function toKnowledgeFile(row: KnowledgeFileRow): KnowledgeFile {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    size: row.size,
    chatId: row.chatId,
    status: row.status,
    chunkCount: row.chunkCount,
    error: row.error,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** Bases of other users are as missing as ones that do not exist (null), so ids reveal nothing. */
export async function findOwnBase(db: Db, ownerId: string, baseId: string): Promise<KnowledgeBaseRow | null> {
  const [row] = await db
    .select()
    .from(knowledgeBase)
    .where(and(eq(knowledgeBase.id, baseId), eq(knowledgeBase.ownerId, ownerId)))
    .limit(1);
  return row ?? null;
}

export async function fileCounts(db: Db, baseIds: string[]): Promise<Map<string, number>> {
  if (baseIds.length === 0) return new Map();
  const rows = await db
    .select({ baseId: knowledgeFile.baseId, n: count() })
    .from(knowledgeFile)
    .where(inList(knowledgeFile.baseId, baseIds))
    .groupBy(knowledgeFile.baseId);
  return new Map(rows.map((r) => [r.baseId, r.n]));
}

/** The per-VIRE file limit of spec 01 §5: Free has its own, lower one. */
function fileLimitOf(tier: Tier): number {
  return tier === "free" ? KNOWLEDGE_FREE_FILE_LIMIT : KNOWLEDGE_FILE_LIMIT;
}

/** Why a file was not added: its upload is already in a knowledge base, or the VIRE holds as many as its plan allows. */
export type KnowledgeFileRefused = { ok: false; reason: "upload_in_use" } | { ok: false; reason: "file_limit"; tier: Tier; limit: number };
export type KnowledgeFileAdded = { ok: true; row: KnowledgeFileRow } | KnowledgeFileRefused;

const IN_USE: KnowledgeFileRefused = { ok: false, reason: "upload_in_use" };

export interface NewKnowledgeFile {
  name: string;
  url: string;
  uploadKey: string;
  mimeType: string;
  size: number;
  chatId: string | null;
}

/**
 * Records a file in `processing` unless the VIRE is at its limit or the upload is already in use;
 * the limit is part of the INSERT so concurrent uploads cannot pass it together.
 */
export async function insertFileWithinLimit(db: Db, base: KnowledgeBaseRow, tier: Tier, file: NewKnowledgeFile): Promise<KnowledgeFileAdded> {
  const inUse = await db.select({ id: knowledgeFile.id }).from(knowledgeFile).where(eq(knowledgeFile.uploadKey, file.uploadKey)).limit(1);
  if (inUse.length) return IN_USE;
  const limit = fileLimitOf(tier);
  const id = newId("kfile");
  const now = Date.now();
  try {
    const result = await db.run(sql`
      INSERT INTO knowledge_file (id, base_id, vire_id, owner_id, name, url, upload_key, mime_type, size, chat_id, status, chunk_count, created_at, updated_at)
      SELECT ${id}, ${base.id}, ${base.vireId}, ${base.ownerId}, ${file.name}, ${file.url}, ${file.uploadKey}, ${file.mimeType}, ${file.size}, ${file.chatId}, 'processing', 0, ${now}, ${now}
      WHERE (SELECT count(*) FROM knowledge_file WHERE vire_id = ${base.vireId}) < ${limit}`);
    if (result.meta.changes === 0) return { ok: false, reason: "file_limit", tier, limit };
  } catch (err) {
    // A concurrent add of the same upload passed the check above; the unique upload key stopped it.
    if (String(err).includes("UNIQUE constraint failed")) return IN_USE;
    throw err;
  }
  const [row] = await db.select().from(knowledgeFile).where(eq(knowledgeFile.id, id));
  return { ok: true, row: row! };
}

/** The file, if it belongs to this base (null otherwise). */
export async function findFileInBase(db: Db, baseId: string, fileId: string): Promise<KnowledgeFileRow | null> {
  const [row] = await db
    .select()
    .from(knowledgeFile)
    .where(and(eq(knowledgeFile.id, fileId), eq(knowledgeFile.baseId, baseId)))
    .limit(1);
  return row ?? null;
}

/** Removes a file with its passages (and so its FTS entries) in one transaction. */
export async function deleteFileRows(db: Db, fileId: string): Promise<void> {
  await db.batch([db.delete(knowledgeChunk).where(eq(knowledgeChunk.fileId, fileId)), db.delete(knowledgeFile).where(eq(knowledgeFile.id, fileId))]);
}

/** Removes every knowledge row of a VIRE and answers the R2 keys its files used. */
export async function knowledgeDeletesOfVire(db: Db, vireId: string) {
  const keys = (await db.select({ key: knowledgeFile.uploadKey }).from(knowledgeFile).where(eq(knowledgeFile.vireId, vireId))).map((r) => r.key);
  const statements = [
    db.delete(knowledgeChunk).where(eq(knowledgeChunk.vireId, vireId)),
    db.delete(knowledgeFile).where(eq(knowledgeFile.vireId, vireId)),
    db.delete(knowledgeBase).where(eq(knowledgeBase.vireId, vireId)),
  ] as const;
  return { keys, statements };
}
