import type { getDocumentProxy } from "unpdf";
import type { KnowledgeKind } from "./file-types";
import { loadPdfReader } from "../lazy";

/** A reason the user can act on; stored on the file as its `error`. */
export class ExtractError extends Error {}

function pdfProblem(err: unknown): string {
  const name = err instanceof Error ? err.name : "";
  if (name === "PasswordException") return "This PDF is password-protected. Remove the password and upload it again.";
  const detail = err instanceof Error && err.message ? ` (${err.message.slice(0, 200)})` : "";
  return `This PDF could not be read${detail}. It may be damaged; try exporting it again.`;
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await loadPdfReader();
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(bytes);
  } catch (err) {
    throw new ExtractError(pdfProblem(err));
  }
  try {
    const { text } = await extractText(pdf, { mergePages: false });
    // A page break is a paragraph break for the chunker.
    return text.join("\n\n");
  } catch (err) {
    throw new ExtractError(pdfProblem(err));
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}

/** The plain text of a document; throws ExtractError with a readable reason when there is none. */
export async function documentText(bytes: Uint8Array, kind: KnowledgeKind): Promise<string> {
  // TextDecoder drops a UTF-8 byte-order mark and replaces invalid bytes rather than failing.
  const text = kind === "pdf" ? await pdfText(bytes) : new TextDecoder("utf-8").decode(bytes);
  if (!text.trim()) {
    throw new ExtractError(kind === "pdf" ? "No text was found in this PDF. Scanned pages are images; convert them to text first." : "The file is empty.");
  }
  return text;
}
