import { KNOWLEDGE_FILE_MAX_BYTES, KNOWLEDGE_TEXTS } from "../../../contract";

/** The `accept` attribute of the file input (spec 01 §9). */
export const KNOWLEDGE_ACCEPT = ".pdf,.txt,.doc,.docx";

export type KnowledgeFileRefusal = keyof Pick<typeof KNOWLEDGE_TEXTS, "docUnsupported" | "tooLarge" | "wrongType">;

interface FileLike {
  name: string;
  size: number;
  type: string;
}

const DOC_TYPES = ["application/msword", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"];
const MIME_BY_EXTENSION: Record<string, string> = { pdf: "application/pdf", txt: "text/plain" };

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

/**
 * Spec 01 §5 "Knowledge files", by type or extension: doc and docx are known but not supported yet,
 * anything else but pdf and txt is refused, and so is a file over 10 MB.
 */
export function checkKnowledgeFile(file: FileLike): KnowledgeFileRefusal | null {
  const extension = fileExtension(file.name);
  const type = file.type.toLowerCase();
  if (extension === "doc" || extension === "docx" || DOC_TYPES.includes(type)) return "docUnsupported";
  const accepted = extension in MIME_BY_EXTENSION || Object.values(MIME_BY_EXTENSION).includes(type);
  if (!accepted) return "wrongType";
  if (file.size > KNOWLEDGE_FILE_MAX_BYTES) return "tooLarge";
  return null;
}

/** The content type sent to the upload call; browsers leave `type` empty for some files. */
export function knowledgeMimeType(file: FileLike): string {
  return file.type || MIME_BY_EXTENSION[fileExtension(file.name)] || "application/octet-stream";
}

/** The generated storage name the upload call takes (spec 01 §7): unique, keeps the extension. */
export function generatedFileName(file: FileLike, now = Date.now(), random = Math.random()): string {
  const extension = fileExtension(file.name);
  const suffix = Math.floor(random * 36 ** 6)
    .toString(36)
    .padStart(6, "0");
  return `knowledge_${now}_${suffix}${extension ? `.${extension}` : ""}`;
}

/** Text files are shown inline; everything else opens in a new tab. */
export function previewsInline(name: string): boolean {
  return fileExtension(name) === "txt";
}

/** Sizes in B, KB, MB. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "";
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
