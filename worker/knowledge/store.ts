import { and, count, eq, sql } from "drizzle-orm";
import {
  KNOWLEDGE_FILE_LIMIT,
  KNOWLEDGE_FREE_FILE_LIMIT,
  KNOWLEDGE_FREE_LIMIT_CODE,
  KNOWLEDGE_LIMIT_CODE,
  type KnowledgeBase,
  type KnowledgeFile,
  type Tier,
} from "../../contract";
import type { Db } from "../db/client";
import { knowledgeBase, knowledgeChunk, knowledgeFile } from "../db/schema";
import { ApiError } from "../lib/envelope";
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

/** Bases of other users answer like missing ones. */
export async function requireOwnBase(db: Db, ownerId: string, baseId: string): Promise<KnowledgeBaseRow> {
  const [row] = await db
    .select()
    .from(knowledgeBase)
    .where(and(eq(knowledgeBase.id, baseId), eq(knowledgeBase.ownerId, ownerId)))
    .limit(1);
  if (!row) throw new ApiError(404, "Knowledge base not found");
  return row;
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

/** The per-VIRE file limits of spec 01 §5, with the business codes the client swallows. */
function fileLimitOf(tier: Tier): { limit: number; error: ApiError } {
  if (tier === "free") {
    return {
      limit: KNOWLEDGE_FREE_FILE_LIMIT,
      error: new ApiError(403, `Your Free plan allows up to ${KNOWLEDGE_FREE_FILE_LIMIT} knowledge files per virtual employee.`, KNOWLEDGE_FREE_LIMIT_CODE, {
        limit: KNOWLEDGE_FREE_FILE_LIMIT,
        tier,
      }),
    };
  }
  return {
    limit: KNOWLEDGE_FILE_LIMIT,
    error: new ApiError(403, `A virtual employee can hold at most ${KNOWLEDGE_FILE_LIMIT} knowledge files.`, KNOWLEDGE_LIMIT_CODE, {
      limit: KNOWLEDGE_FILE_LIMIT,
      tier,
    }),
  };
}

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
export async function insertFileWithinLimit(db: Db, base: KnowledgeBaseRow, tier: Tier, file: NewKnowledgeFile): Promise<KnowledgeFileRow> {
  const inUse = await db.select({ id: knowledgeFile.id }).from(knowledgeFile).where(eq(knowledgeFile.uploadKey, file.uploadKey)).limit(1);
  if (inUse.length) throw new ApiError(409, "This file is already in a knowledge base; upload it again to add a copy");
  const { limit, error } = fileLimitOf(tier);
  const id = newId("kfile");
  const now = Date.now();
  try {
    const result = await db.run(sql`
      INSERT INTO knowledge_file (id, base_id, vire_id, owner_id, name, url, upload_key, mime_type, size, chat_id, status, chunk_count, created_at, updated_at)
      SELECT ${id}, ${base.id}, ${base.vireId}, ${base.ownerId}, ${file.name}, ${file.url}, ${file.uploadKey}, ${file.mimeType}, ${file.size}, ${file.chatId}, 'processing', 0, ${now}, ${now}
      WHERE (SELECT count(*) FROM knowledge_file WHERE vire_id = ${base.vireId}) < ${limit}`);
    if (result.meta.changes === 0) throw error;
  } catch (err) {
    if (String(err).includes("UNIQUE constraint failed")) throw new ApiError(409, "This file is already in a knowledge base; upload it again to add a copy");
    throw err;
  }
  const [row] = await db.select().from(knowledgeFile).where(eq(knowledgeFile.id, id));
  return row!;
}

export async function findFileInBase(db: Db, baseId: string, fileId: string): Promise<KnowledgeFileRow> {
  const [row] = await db
    .select()
    .from(knowledgeFile)
    .where(and(eq(knowledgeFile.id, fileId), eq(knowledgeFile.baseId, baseId)))
    .limit(1);
  if (!row) throw new ApiError(404, "File not found");
  return row;
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
