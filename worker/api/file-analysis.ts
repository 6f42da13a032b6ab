import { eq } from "drizzle-orm";
import * as v from "valibot";
import {
  AnalysisLookupQuery,
  AnalyzeBody,
  type AnalysisFileDetail,
  type AnalysisLookup,
  type AnalysisSource,
  type SummaryDetail,
  type TranscribeDetail,
  type TranscribeStatus,
} from "../../contract";
import { getDb } from "../db/client";
import { analysisPodcast, analysisSummary, analysisTranscript } from "../db/schema";
import { newApp } from "../lib/app";
import { requireChatMember } from "../lib/chat-access";
import { ApiError, ok } from "../lib/envelope";
import { requireProjectAccessById } from "../lib/project-access";
import { requireUser } from "../lib/session";
import { json, param, query } from "../lib/validate";
import { applyStoredFileHeaders } from "../lib/file-content-type";
import { serveStoredFile } from "../attachments/byte-range";
import { FILE_NOT_FOUND, analysableSource, requireFileAccess } from "../analysis/access";
import { fileDetail, toSummaryResult } from "../analysis/detail";
import { requestPodcast } from "../analysis/requests";
import { resumeIfConfigured, startAnalysis } from "../analysis/start";
import { fileById, fileOfSource } from "../analysis/store";

const IdParam = v.object({ id: v.pipe(v.string(), v.maxLength(64)) });
const MediaParam = v.object({ id: v.pipe(v.string(), v.maxLength(64)), kind: v.picklist(["original", "audio", "podcast", "srt"], FILE_NOT_FOUND) });

function toSource(q: v.InferOutput<typeof AnalysisLookupQuery>): AnalysisSource {
  return "chatId" in q ? { kind: "chat", chatId: q.chatId, attachmentId: q.attachmentId } : { kind: "project", projectId: q.projectId, filePath: q.filePath };
}

/** The R2 key and served name of one of a file's media, or null while it does not exist. */
async function mediaOf(db: ReturnType<typeof getDb>, row: NonNullable<Awaited<ReturnType<typeof fileById>>>, kind: string) {
  const base = row.name.replace(/\.[^.]+$/, "");
  if (kind === "original") return row.r2Key ? { key: row.r2Key, name: row.name, type: null } : null;
  if (kind === "audio") return row.formatKey ? { key: row.formatKey, name: row.formatKey === row.r2Key ? row.name : `${base}.mp3`, type: null } : null;
  const [pod] = await db.select().from(analysisPodcast).where(eq(analysisPodcast.fileId, row.id)).limit(1);
  if (pod?.status !== 2) return null;
  if (kind === "podcast") return pod.audioKey ? { key: pod.audioKey, name: `${base} podcast.mp3`, type: "audio/mpeg" } : null;
  return pod.srtKey ? { key: pod.srtKey, name: `${base} podcast.srt`, type: "text/plain" } : null;
}

/** `/api/v1/file-index/…`: analysed files (spec 03 §7.4), their start, podcast and media. */
export const fileIndexApi = newApp()
  .use(requireUser)
  .get("/file-detail/:id", param(IdParam), async (c) => {
    const db = getDb(c.env.DB);
    const row = await resumeIfConfigured(c.env, db, await requireFileAccess(c, c.req.valid("param").id));
    return ok<AnalysisFileDetail>(c, await fileDetail(db, row));
  })
  .get("/lookup", query(AnalysisLookupQuery), async (c) => {
    const source = toSource(c.req.valid("query"));
    const db = getDb(c.env.DB);
    if (source.kind === "chat") await requireChatMember(db, c.get("user").id, source.chatId);
    else await requireProjectAccessById(c, source.projectId);
    return ok<AnalysisLookup>(c, { fileId: (await fileOfSource(db, source))?.id ?? null });
  })
  .post("/analyze", json(AnalyzeBody), async (c) => {
    const body = c.req.valid("json");
    const input = await analysableSource(c, toSource(body));
    const db = getDb(c.env.DB);
    const row = await startAnalysis(c.env, db, input, body.refresh === true);
    return ok<AnalysisFileDetail>(c, await fileDetail(db, row));
  })
  .post("/podcast/:id", param(IdParam), async (c) => {
    const db = getDb(c.env.DB);
    const row = await requireFileAccess(c, c.req.valid("param").id);
    await requestPodcast(c.env, db, row);
    return ok<AnalysisFileDetail>(c, await fileDetail(db, row));
  })
  .get("/:id/media/:kind", param(MediaParam), async (c) => {
    const { id, kind } = c.req.valid("param");
    const row = await requireFileAccess(c, id);
    const media = await mediaOf(getDb(c.env.DB), row, kind);
    if (!media) throw new ApiError(404, FILE_NOT_FOUND);
    const served = await serveStoredFile(c.env.FILES, media.key, c.req.raw, (object) => {
      const headers = new Headers({ "cache-control": "private, max-age=300" });
      // Only passive formats display inline (subtitles as plain text); anything else downloads, sandboxed and unsniffed.
      applyStoredFileHeaders(headers, media.type ?? object.httpMetadata?.contentType, media.name);
      return headers;
    });
    if (!served) throw new ApiError(404, FILE_NOT_FOUND);
    return served;
  });

/** `/api/v1/task/…`: the transcript and the summary of an analysed file, by their own ids. */
export const analysisTaskApi = newApp()
  .use(requireUser)
  .get("/transcribe/detail/:id", param(IdParam), async (c) => {
    const db = getDb(c.env.DB);
    const { id } = c.req.valid("param");
    const [transcript] = /^trs_[a-f0-9]{32}$/.test(id) ? await db.select().from(analysisTranscript).where(eq(analysisTranscript.id, id)).limit(1) : [];
    if (!transcript) throw new ApiError(404, "Transcript not found");
    const row = await requireFileAccess(c, transcript.fileId).catch(() => {
      throw new ApiError(404, "Transcript not found");
    });
    return ok<TranscribeDetail>(c, {
      id: transcript.id,
      fileId: row.id,
      status: (row.transcribeStatus ?? 0) as TranscribeStatus,
      language: row.language,
      duration: row.duration,
      segments: transcript.segments,
    });
  })
  .get("/summary/detail/:id", param(IdParam), async (c) => {
    const db = getDb(c.env.DB);
    const { id } = c.req.valid("param");
    const [summary] = /^sum_[a-f0-9]{32}$/.test(id) ? await db.select().from(analysisSummary).where(eq(analysisSummary.id, id)).limit(1) : [];
    if (!summary) throw new ApiError(404, "Summary not found");
    const row = await requireFileAccess(c, summary.fileId).catch(() => {
      throw new ApiError(404, "Summary not found");
    });
    return ok<SummaryDetail>(c, { id: summary.id, fileId: row.id, status: row.summaryStatus as SummaryDetail["status"], result: toSummaryResult(summary) });
  });
