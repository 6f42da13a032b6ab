import { eq } from "drizzle-orm";
import { ANALYSIS_MAX_BYTES } from "../../contract";
import type { Db } from "../db/client";
import { analysisTranscript, codingProject } from "../db/schema";
import type { Env } from "../env";
import { hostStream } from "../workspace/host";
import { ProviderError } from "./speech-providers";
import { analysisKeys } from "./kinds";
import { updateRun, type AnalysisFileRow } from "./store";

/** Text sent to the model is cut here: a long meeting or book still fits a model's context with room to answer. */
export const SOURCE_TEXT_MAX = 60_000;

/**
 * The R2 key of the file's original bytes. A project file lives on the sandbox host, so the first
 * step copies it under the file's own prefix (once: a retry finds the key set).
 */
export async function ensureOriginal(env: Env, db: Db, file: AnalysisFileRow): Promise<string> {
  if (file.r2Key) return file.r2Key;
  if (!file.projectId || !file.filePath) throw new ProviderError("The file has no stored bytes", false);
  const [project] = await db
    .select({ id: codingProject.id, ownerId: codingProject.ownerId })
    .from(codingProject)
    .where(eq(codingProject.id, file.projectId))
    .limit(1);
  if (!project) throw new ProviderError("The project of this file is gone", false);
  let res: Response;
  try {
    res = await hostStream(env, project, "raw", { path: file.filePath });
  } catch (err) {
    const status = (err as { status?: number }).status ?? 502;
    throw new ProviderError(`The file could not be read from the workspace: ${err instanceof Error ? err.message : String(err)}`, status >= 500);
  }
  if (Number(res.headers.get("content-length") ?? 0) > ANALYSIS_MAX_BYTES) {
    await res.body?.cancel();
    throw new ProviderError(`This file is too large to analyse (limit ${ANALYSIS_MAX_BYTES / 1048576} MB)`, false);
  }
  const key = analysisKeys(file.id).original;
  // R2 needs a known length to stream; the host sends it for files.
  const bytes = await res.arrayBuffer();
  await env.FILES.put(key, bytes, { httpMetadata: { contentType: file.mimeType }, customMetadata: { fileName: file.name } });
  await updateRun(db, file.id, file.runId, { r2Key: key, size: bytes.byteLength });
  file.r2Key = key;
  return key;
}

export async function readBytes(env: Env, key: string): Promise<Uint8Array> {
  const object = await env.FILES.get(key);
  if (!object) throw new ProviderError("The file's stored bytes are gone", false);
  return new Uint8Array(await object.arrayBuffer());
}

/** What the model reads: the transcript as `Speaker [m:ss]: text` lines, or the document's extracted text. */
export async function sourceText(env: Env, db: Db, file: AnalysisFileRow): Promise<string> {
  if (file.textKey) {
    const object = await env.FILES.get(file.textKey);
    if (!object) throw new ProviderError("The extracted text is gone; refresh the analysis", false);
    return (await object.text()).slice(0, SOURCE_TEXT_MAX);
  }
  const [transcript] = await db.select().from(analysisTranscript).where(eq(analysisTranscript.fileId, file.id)).limit(1);
  if (!transcript) throw new ProviderError("There is no transcript to read", false);
  const clock = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, "0")}`;
  return transcript.segments
    .map((s) => `${s.speaker} [${clock(s.start)}]: ${s.text}`)
    .join("\n")
    .slice(0, SOURCE_TEXT_MAX);
}
