import { ExtractError, documentText } from "../../knowledge/extract";
import { PDF_READ_MAX_BYTES } from "../../attachments/text";
import { analysisKeys } from "../../analysis/kinds";
import { docxText } from "../../analysis/docx";
import { ensureOriginal, readBytes } from "../../analysis/source";
import { ProviderError } from "../../analysis/speech-providers";
import { kindOfRow, problemPatch, updateRun } from "../../analysis/store";
import { enqueueStep, type Step } from "./job";

/** The text of a pdf, txt, md or docx; a document without any is a failure no retry fixes. */
async function textOf(bytes: Uint8Array, ext: string): Promise<string> {
  try {
    if (ext === "docx") return await docxText(bytes);
    return await documentText(bytes, ext === "pdf" ? "pdf" : "txt");
  } catch (err) {
    if (err instanceof ExtractError) throw new ProviderError(err.message, false);
    throw err;
  }
}

/** Documents: the text is read once and kept in R2 (the summary, insights, podcast and research all read it). */
export const extractStep: Step = {
  async run({ env, db, file, job }) {
    if (file.setUpStatus === 2) return enqueueStep(env, "summarise", file.id, job.runId);
    if (file.setUpStatus === 3) return;
    const key = await ensureOriginal(env, db, file);
    const ext = kindOfRow(file).ext;
    if (ext === "pdf" && file.size > PDF_READ_MAX_BYTES) {
      throw new ProviderError(
        `This PDF is too large to read (${(file.size / 1048576).toFixed(1)} MB). PDFs up to ${PDF_READ_MAX_BYTES / 1048576} MB can be read.`,
        false,
      );
    }
    const text = await textOf(await readBytes(env, key), ext);
    const textKey = analysisKeys(file.id).text;
    await env.FILES.put(textKey, text, { httpMetadata: { contentType: "text/plain; charset=utf-8" } });
    if (await updateRun(db, file.id, job.runId, { setUpStatus: 2, textKey, ...problemPatch(null) })) await enqueueStep(env, "summarise", file.id, job.runId);
  },
  async fail({ db, file, job }, message) {
    await updateRun(db, file.id, job.runId, { setUpStatus: 3, ...problemPatch({ code: "failed", message }) });
  },
};
