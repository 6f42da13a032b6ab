import { sqliteTable, text, integer, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import { user } from "./auth-schema";
import { virtualEmployee } from "./chat-schema";

const now = () => new Date();

/** A named collection of documents a VIRE answers from (spec 01 §3 "Knowledge base"). */
export const knowledgeBase = sqliteTable(
  "knowledge_base",
  {
    id: text("id").primaryKey(),
    vireId: text("vire_id")
      .notNull()
      .references(() => virtualEmployee.id, { onDelete: "cascade" }),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().$defaultFn(now),
  },
  (t) => [index("knowledge_base_vire_idx").on(t.vireId)],
);

/**
 * One uploaded document. `vireId` and `ownerId` are copied from the base so the per-VIRE file
 * limits and the owner checks need no join. `uploadKey` is unique: two records sharing one R2
 * object would lose it when either is deleted.
 */
export const knowledgeFile = sqliteTable(
  "knowledge_file",
  {
    id: text("id").primaryKey(),
    baseId: text("base_id")
      .notNull()
      .references(() => knowledgeBase.id, { onDelete: "cascade" }),
    vireId: text("vire_id").notNull(),
    ownerId: text("owner_id").notNull(),
    name: text("name").notNull(),
    url: text("url").notNull(),
    uploadKey: text("upload_key").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    chatId: text("chat_id"),
    status: text("status", { enum: ["processing", "indexed", "failed"] })
      .notNull()
      .default("processing"),
    chunkCount: integer("chunk_count").notNull().default(0),
    error: text("error"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().$defaultFn(now),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().$defaultFn(now),
  },
  (t) => [
    index("knowledge_file_base_idx").on(t.baseId),
    index("knowledge_file_vire_idx").on(t.vireId),
    uniqueIndex("knowledge_file_upload_idx").on(t.uploadKey),
  ],
);

/**
 * A passage of a file, the unit of retrieval. The integer id is the rowid the FTS5 index
 * (`knowledge_fts`, hand-written part of migration 0004) points at. `searchText` is `text` with CJK characters spaced
 * apart so the unicode61 tokenizer can match Chinese words character by character.
 */
export const knowledgeChunk = sqliteTable(
  "knowledge_chunk",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    fileId: text("file_id")
      .notNull()
      .references(() => knowledgeFile.id, { onDelete: "cascade" }),
    vireId: text("vire_id").notNull(),
    ord: integer("ord").notNull(),
    text: text("text").notNull(),
    searchText: text("search_text").notNull(),
  },
  (t) => [index("knowledge_chunk_file_idx").on(t.fileId, t.ord), index("knowledge_chunk_vire_idx").on(t.vireId)],
);
