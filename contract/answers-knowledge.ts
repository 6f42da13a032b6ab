/** Answers of the knowledge base routes that have no shape of their own in vires.ts. */

/** `DELETE /api/knowledge-base/{id}/files/{fileId}`: the file that is gone. */
export interface KnowledgeFileDeleted {
  id: string;
}

/** `GET /api/debug/fix-knowledge-base-tables`: how many of my files were indexed again. */
export interface KnowledgeRepairAnswer {
  ok: true;
  repaired: number;
}
