import { sqliteTable, text, integer, real, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { AhaCard, TranscriptSegment } from "../../contract";
import { user } from "./auth-schema";
import { organization } from "./schema-org";
import { chat } from "./chat-schema";
import { codingProject } from "./workspace-schema";

const now = () => new Date();

/**
 * A recording or document being analysed (spec 03 §2.4, §3). Its source is a chat attachment
 * (`chatId` + `attachmentId`) or a project file (`projectId` + `filePath`); either row going takes
 * the analysis with it (cascade), and the cleanup job then sweeps its R2 prefix `analysis/{id}/`.
 * `runId` changes on every (re)start: a queue job of an older run finds it different and does nothing.
 */
export const analysisFile = sqliteTable(
  "analysis_file",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    chatId: text("chat_id").references(() => chat.id, { onDelete: "cascade" }),
    attachmentId: text("attachment_id"),
    projectId: text("project_id").references(() => codingProject.id, { onDelete: "cascade" }),
    filePath: text("file_path"),
    /** The original bytes: the attachment's own key, or a copy under `analysis/{id}/` for project files (null until copied). */
    r2Key: text("r2_key"),
    name: text("name").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    /** AnalysisFileType. */
    fileType: text("file_type").notNull(),
    runId: text("run_id").notNull(),
    transcodeStatus: text("transcode_status"),
    /** The browser-playable audio (the original when none was needed). */
    formatKey: text("format_key"),
    transcribeStatus: integer("transcribe_status"),
    setUpStatus: integer("set_up_status"),
    /** The extracted text of a document. */
    textKey: text("text_key"),
    summaryStatus: integer("summary_status").notNull().default(0),
    duration: real("duration"),
    language: text("language"),
    keywords: text("keywords", { mode: "json" }).$type<string[]>().notNull().default([]),
    problemCode: text("problem_code"),
    problemMessage: text("problem_message"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().$defaultFn(now),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().$defaultFn(now),
  },
  (t) => [
    uniqueIndex("analysis_file_attachment_idx").on(t.chatId, t.attachmentId),
    uniqueIndex("analysis_file_project_path_idx").on(t.projectId, t.filePath),
    index("analysis_file_org_idx").on(t.orgId),
  ],
);

/** The transcript of a recording: one per file, its id is the spec's transcribeId. */
export const analysisTranscript = sqliteTable("analysis_transcript", {
  id: text("id").primaryKey(),
  fileId: text("file_id")
    .notNull()
    .unique()
    .references(() => analysisFile.id, { onDelete: "cascade" }),
  segments: text("segments", { mode: "json" }).$type<TranscriptSegment[]>().notNull().default([]),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().$defaultFn(now),
});

/** What the summary and insight steps wrote so far (the spec's summary result); its id is summaryId and summaryTaskId. */
export const analysisSummary = sqliteTable("analysis_summary", {
  id: text("id").primaryKey(),
  fileId: text("file_id")
    .notNull()
    .unique()
    .references(() => analysisFile.id, { onDelete: "cascade" }),
  title: text("title").notNull().default(""),
  md: text("md").notNull().default(""),
  md2: text("md2").notNull().default(""),
  mind: text("mind").notNull().default(""),
  mind2: text("mind2").notNull().default(""),
  aha: text("aha", { mode: "json" }).$type<AhaCard[]>().notNull().default([]),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().$defaultFn(now),
});

/** The podcast of a file: PodcastStatus, its audio (mp3) and subtitles (SRT) under `analysis/{fileId}/`. */
export const analysisPodcast = sqliteTable("analysis_podcast", {
  fileId: text("file_id")
    .primaryKey()
    .references(() => analysisFile.id, { onDelete: "cascade" }),
  status: integer("status").notNull().default(0),
  runId: text("run_id").notNull(),
  audioKey: text("audio_key"),
  srtKey: text("srt_key"),
  durationMs: integer("duration_ms"),
  error: text("error"),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().$defaultFn(now),
});

/**
 * The deep research session of a file (one each, made with the file; its id is dprSessionId).
 * status: 0 never asked, 1 generating, 2 done, 3 failed. `shared` opens the answer to any signed-in user holding the id.
 */
export const deepResearch = sqliteTable("deep_research", {
  id: text("id").primaryKey(),
  fileId: text("file_id")
    .notNull()
    .unique()
    .references(() => analysisFile.id, { onDelete: "cascade" }),
  status: integer("status").notNull().default(0),
  runId: text("run_id").notNull(),
  question: text("question").notNull().default(""),
  answer: text("answer").notNull().default(""),
  error: text("error"),
  shared: integer("shared", { mode: "boolean" }).notNull().default(false),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().$defaultFn(now),
});

/** A user's rating of one analysis result (spec §3 "Feedback"); one per user, task and kind. */
export const analysisFeedback = sqliteTable(
  "analysis_feedback",
  {
    id: text("id").primaryKey(),
    fileId: text("file_id")
      .notNull()
      .references(() => analysisFile.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    taskId: text("task_id").notNull(),
    feedbackType: text("feedback_type").notNull(),
    content: text("content").notNull().default(""),
    likeOrStep: integer("like_or_step").notNull().default(0),
    tag: text("tag").notNull().default(""),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().$defaultFn(now),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().$defaultFn(now),
  },
  (t) => [uniqueIndex("analysis_feedback_once_idx").on(t.userId, t.taskId, t.feedbackType), index("analysis_feedback_file_idx").on(t.fileId)],
);
