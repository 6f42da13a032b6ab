import { and, asc, eq, lt, or, sql } from "drizzle-orm";
import { Id, KNOWLEDGE_FILE_MAX_BYTES, KNOWLEDGE_TEXTS, KnowledgeBaseBody, KnowledgeFileBody } from "../../contract";
import type { KnowledgeBase, KnowledgeFile, KnowledgeFileDeleted, KnowledgeRepairAnswer } from "../../contract";
import { getDb } from "../db/client";
import { knowledgeBase, knowledgeFile } from "../db/schema";
import { newApp } from "../lib/app";
import { ApiError, ok } from "../lib/envelope";
import { newId } from "../lib/ids";
import { requireUser } from "../lib/session";
import * as v from "valibot";
import { json, param } from "../lib/validate";
import { knowledgeKindOf } from "../knowledge/file-types";
import { TRANSIENT_FAILURE, indexFile } from "../knowledge/indexer";
import { deleteFileRows, fileCounts, insertFileWithinLimit, toKnowledgeBase, toKnowledgeFile } from "../knowledge/store";
import { parseUploadUrl, uploadKey } from "../knowledge/uploads";
import { requireFileInBase, requireKnowledgeKind, requireOwnBase } from "../lib/knowledge-access";
import { knowledgeFileError } from "../lib/refusals";
import { requireOwnVire } from "../lib/vire-access";
import { tierOf } from "../plans/tier";

/** A VIRE's collections are few; a cap keeps a scripted client from making thousands. */
const MAX_BASES_PER_VIRE = 20;
/** A file still `processing` after this long lost its request (CPU limit, deploy) and may be redone. */
const STUCK_AFTER_MS = 2 * 60_000;
/** Repairs extract text in the request; a few at a time keeps each call within its CPU budget. */
const REPAIRS_PER_CALL = 10;

const IdParam = v.object({ id: Id });
const FileParam = v.object({ id: Id, fileId: Id });

/** `/api/virtual-employees/{id}/knowledge-base`, mounted by the VIRE routes (which check the session). */
export const vireKnowledgeApi = newApp()
  .get("/:id/knowledge-base", param(IdParam), async (c) => {
    const db = getDb(c.env.DB);
    const vire = await requireOwnVire(db, c.get("user").id, c.req.valid("param").id);
    const rows = await db.select().from(knowledgeBase).where(eq(knowledgeBase.vireId, vire.id)).orderBy(asc(knowledgeBase.createdAt));
    const counts = await fileCounts(
      db,
      rows.map((r) => r.id),
    );
    return ok<KnowledgeBase[]>(
      c,
      rows.map((r) => toKnowledgeBase(r, counts.get(r.id) ?? 0)),
    );
  })
  .post("/:id/knowledge-base", json(KnowledgeBaseBody), param(IdParam), async (c) => {
    const { name } = c.req.valid("json");
    const db = getDb(c.env.DB);
    const user = c.get("user");
    const vire = await requireOwnVire(db, user.id, c.req.valid("param").id);
    const existing = await db.select().from(knowledgeBase).where(eq(knowledgeBase.vireId, vire.id));
    // The client creates its collection on first upload; a repeated create (two tabs, a retry) gets the same one.
    const same = existing.find((b) => b.name.toLowerCase() === name.toLowerCase());
    if (same) return ok<KnowledgeBase>(c, toKnowledgeBase(same, (await fileCounts(db, [same.id])).get(same.id) ?? 0));
    if (existing.length >= MAX_BASES_PER_VIRE) throw new ApiError(409, `A virtual employee can have at most ${MAX_BASES_PER_VIRE} knowledge bases`);
    const id = newId("kb");
    await db.insert(knowledgeBase).values({ id, vireId: vire.id, ownerId: user.id, name });
    const [row] = await db.select().from(knowledgeBase).where(eq(knowledgeBase.id, id));
    return ok<KnowledgeBase>(c, toKnowledgeBase(row!, 0));
  });

/** `/api/knowledge-base/{id}/files`: the documents of a collection (spec 01 §7). */
export const knowledgeBaseApi = newApp()
  .use(requireUser)
  .get("/:id/files", param(IdParam), async (c) => {
    const db = getDb(c.env.DB);
    const base = await requireOwnBase(db, c.get("user").id, c.req.valid("param").id);
    const rows = await db.select().from(knowledgeFile).where(eq(knowledgeFile.baseId, base.id)).orderBy(asc(knowledgeFile.createdAt));
    return ok<KnowledgeFile[]>(c, rows.map(toKnowledgeFile));
  })
  .post("/:id/files", json(KnowledgeFileBody), param(IdParam), async (c) => {
    const body = c.req.valid("json");
    const db = getDb(c.env.DB);
    const user = c.get("user");
    const base = await requireOwnBase(db, user.id, c.req.valid("param").id);
    const ref = parseUploadUrl(body.url);
    if (!ref || ref.userId !== user.id) throw new ApiError(404, "Uploaded file not found; upload the file first");
    const key = uploadKey(ref);
    const stored = await c.env.FILES.head(key);
    if (!stored) throw new ApiError(404, "Uploaded file not found; upload the file first");
    // The stored object is the truth: its type and size, not what the client claims.
    const kind = requireKnowledgeKind(knowledgeKindOf(ref.fileName, stored.httpMetadata?.contentType ?? ""));
    if (stored.size > KNOWLEDGE_FILE_MAX_BYTES) throw new ApiError(413, KNOWLEDGE_TEXTS.tooLarge);
    const added = await insertFileWithinLimit(db, base, tierOf(user), {
      name: body.name,
      url: body.url,
      uploadKey: key,
      mimeType: kind === "pdf" ? "application/pdf" : "text/plain",
      size: stored.size,
      chatId: body.chatId,
    });
    if (!added.ok) throw knowledgeFileError(added);
    await indexFile(c.env, db, added.row);
    return ok<KnowledgeFile>(c, toKnowledgeFile(await requireFileInBase(db, base.id, added.row.id)));
  })
  .delete("/:id/files/:fileId", param(FileParam), async (c) => {
    const db = getDb(c.env.DB);
    const { id, fileId } = c.req.valid("param");
    const base = await requireOwnBase(db, c.get("user").id, id);
    const file = await requireFileInBase(db, base.id, fileId);
    await deleteFileRows(db, file.id);
    // After the rows: a failed R2 delete leaves an orphan object, never a record pointing at nothing.
    await c.env.FILES.delete(file.uploadKey).catch((err) => console.error("knowledge: R2 delete failed", file.uploadKey, err));
    return ok<KnowledgeFileDeleted>(c, { id: file.id });
  });

/**
 * `/api/debug/fix-knowledge-base-tables` (spec 01 §7, a maintenance call): redoes my files whose
 * indexing was cut off or broke for a reason of ours, and indexed files whose passages are missing.
 */
export const knowledgeDebugApi = newApp()
  .use(requireUser)
  .get("/fix-knowledge-base-tables", async (c) => {
    const db = getDb(c.env.DB);
    const user = c.get("user");
    const stuckBefore = new Date(Date.now() - STUCK_AFTER_MS);
    const broken = await db
      .select()
      .from(knowledgeFile)
      .where(
        and(
          eq(knowledgeFile.ownerId, user.id),
          or(
            and(eq(knowledgeFile.status, "processing"), lt(knowledgeFile.updatedAt, stuckBefore)),
            and(eq(knowledgeFile.status, "failed"), eq(knowledgeFile.error, TRANSIENT_FAILURE)),
            and(
              eq(knowledgeFile.status, "indexed"),
              sql`${knowledgeFile.chunkCount} <> (SELECT count(*) FROM knowledge_chunk WHERE file_id = ${knowledgeFile.id})`,
            ),
          ),
        ),
      )
      .orderBy(asc(knowledgeFile.updatedAt))
      .limit(REPAIRS_PER_CALL);
    for (const file of broken) await indexFile(c.env, db, file);
    return ok<KnowledgeRepairAnswer>(c, { ok: true, repaired: broken.length });
  });
