import { contentTypeOf, looksLikeText } from "../lib/file-content-type";

/** The documents the indexer can read; doc and docx are accepted by the spec's picker but refused here. */
export type KnowledgeKind = "pdf" | "txt";

/** Why a file is not a knowledge document: a Word file (which the user can convert to PDF), or any other type. */
export type KnowledgeTypeRefused = { ok: false; reason: "doc_unsupported" | "wrong_type" };
export type KnowledgeKindFound = { ok: true; kind: KnowledgeKind } | KnowledgeTypeRefused;

const WRONG_TYPE: KnowledgeTypeRefused = { ok: false, reason: "wrong_type" };
const found = (kind: KnowledgeKind): KnowledgeKindFound => ({ ok: true, kind });

export const MIME_OF: Record<KnowledgeKind, string> = { pdf: "application/pdf", txt: "text/plain; charset=utf-8" };

const WORD_TYPES = ["application/msword", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"];

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

function baseType(contentType: string): string {
  return contentType.split(";")[0]!.trim().toLowerCase();
}

/**
 * Spec 01 §5: a file is accepted "by type or extension" (browsers often send
 * application/octet-stream for a .txt, and a .md may arrive as text/plain). Word files are named
 * apart because the user can convert them to PDF.
 */
export function knowledgeKindOf(fileName: string, contentType: string): KnowledgeKindFound {
  const ext = extensionOf(fileName);
  const type = baseType(contentType);
  if (ext === "doc" || ext === "docx" || WORD_TYPES.includes(type)) return { ok: false, reason: "doc_unsupported" };
  if (ext === "pdf") return found("pdf");
  if (ext === "txt") return found("txt");
  if (type === "application/pdf") return found("pdf");
  if (type === "text/plain") return found("txt");
  return WRONG_TYPE;
}

/** The kind of a stored upload, from the type we recorded when it was uploaded. */
export function kindOfStoredType(mimeType: string): KnowledgeKind | null {
  const type = baseType(mimeType);
  return type === "application/pdf" ? "pdf" : type === "text/plain" ? "txt" : null;
}

/**
 * The claimed kind confirmed from the file's first bytes: a "PDF" must carry a
 * PDF signature and a "text" file must be text, so nothing else can be stored under either type.
 */
export async function confirmKnowledgeKind(claimed: KnowledgeKind, head: Uint8Array): Promise<KnowledgeKindFound> {
  const sniffed = await contentTypeOf(head, claimed === "txt" ? "file.txt" : "file.pdf");
  if (claimed === "pdf" && sniffed === "application/pdf") return found("pdf");
  if (claimed === "txt" && sniffed === "text/plain" && looksLikeText(head)) return found("txt");
  return WRONG_TYPE;
}
