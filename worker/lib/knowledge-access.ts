import type { Db } from "../db/client";
import type { KnowledgeKind, KnowledgeKindFound } from "../knowledge/file-types";
import type { KnowledgeFileRow } from "../knowledge/indexer";
import { findFileInBase, findOwnBase, type KnowledgeBaseRow } from "../knowledge/store";
import { ApiError } from "./envelope";
import { knowledgeTypeError } from "./refusals";

export const KNOWLEDGE_BASE_NOT_FOUND = "Knowledge base not found";
export const KNOWLEDGE_FILE_NOT_FOUND = "File not found";

/** The caller's own knowledge base, or 404: another user's base answers exactly like a missing one. */
export async function requireOwnBase(db: Db, ownerId: string, baseId: string): Promise<KnowledgeBaseRow> {
  const row = await findOwnBase(db, ownerId, baseId);
  if (!row) throw new ApiError(404, KNOWLEDGE_BASE_NOT_FOUND);
  return row;
}

/** A file of this base, or 404. */
export async function requireFileInBase(db: Db, baseId: string, fileId: string): Promise<KnowledgeFileRow> {
  const row = await findFileInBase(db, baseId, fileId);
  if (!row) throw new ApiError(404, KNOWLEDGE_FILE_NOT_FOUND);
  return row;
}

/** The kind a file was found to be, or the 400 that names why it is no knowledge document. */
export function requireKnowledgeKind(found: KnowledgeKindFound): KnowledgeKind {
  if (!found.ok) throw knowledgeTypeError(found);
  return found.kind;
}
