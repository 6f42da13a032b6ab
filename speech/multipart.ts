// A streaming multipart/form-data reader: the one file part goes straight to disk (under a name
// we choose, never the caller's), the text fields stay in memory, and every byte is counted as it
// arrives, so an upload past the limit is refused without trusting Content-Length or buffering it.
import type { IncomingMessage } from "node:http";
import fs from "node:fs/promises";
import { ApiError, badRequest, fileTooLarge } from "./errors.ts";

export type Multipart = {
  fields: Map<string, string[]>;
  /** The file part named `fileField`, saved at `filePath`; null when the form had none. */
  file: { size: number } | null;
};

export type MultipartLimits = { fileField: string; filePath: string; maxFileBytes: number; maxFieldBytes: number; maxParts: number };

const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");
const MAX_HEADER_BYTES = 8 * 1024;

export function boundaryOf(contentType: string | undefined): string {
  const m = /^multipart\/form-data\s*;(?:.*;)?\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType ?? "");
  if (!m) throw badRequest("Expected a multipart/form-data body with a boundary", undefined, "invalid_content_type");
  return (m[1] ?? m[2])!;
}

function partName(headers: string): { name: string; isFile: boolean } {
  const disposition = /^content-disposition:\s*form-data(.*)$/im.exec(headers);
  if (!disposition) throw badRequest("Malformed multipart body: a part has no Content-Disposition");
  const params = disposition[1]!;
  const name = /;\s*name="([^"]*)"/i.exec(params)?.[1] ?? /;\s*name=([^;\s]+)/i.exec(params)?.[1];
  if (name === undefined) throw badRequest("Malformed multipart body: a part has no name");
  return { name, isFile: /;\s*filename\*?=/i.test(params) };
}

export async function readMultipart(req: IncomingMessage, limits: MultipartLimits): Promise<Multipart> {
  const boundary = boundaryOf(req.headers["content-type"]);
  // Seen as "\r\n--boundary" everywhere by pretending the body starts with a line break.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const fields = new Map<string, string[]>();
  let file: { size: number } | null = null;
  let handle: fs.FileHandle | null = null;
  let state = "preamble" as "preamble" | "after" | "headers" | "body" | "end";
  let part: { name: string; toFile: boolean; chunks: Buffer[]; size: number } | null = null;
  let parts = 0;
  let fieldBytes = 0;
  let buf: Buffer = Buffer.from(CRLF);

  const emit = async (data: Buffer) => {
    if (!part || data.length === 0) return;
    part.size += data.length;
    if (part.toFile) {
      if (part.size > limits.maxFileBytes)
        throw new ApiError(413, `The file is larger than the ${Math.round(limits.maxFileBytes / 1024 / 1024)} MB limit`, {
          param: "file",
          code: "file_too_large",
        });
      await handle!.write(data);
    } else {
      fieldBytes += data.length;
      if (fieldBytes > limits.maxFieldBytes) throw new ApiError(413, "The form's text fields are too large", { code: "fields_too_large" });
      part.chunks.push(data);
    }
    // Any other part, a stray file included, is held like a text field and counts against the same budget.
  };

  const closePart = async () => {
    if (!part) return;
    if (part.toFile) file = { size: part.size };
    else fields.set(part.name, [...(fields.get(part.name) ?? []), Buffer.concat(part.chunks).toString("utf8")]);
    part = null;
  };

  const step = async (): Promise<boolean> => {
    if (state === "preamble" || state === "body") {
      const at = buf.indexOf(delimiter);
      if (at < 0) {
        // Keep what could be the start of a delimiter split across chunks.
        const keep = Math.min(buf.length, delimiter.length - 1);
        if (state === "body") await emit(buf.subarray(0, buf.length - keep));
        buf = buf.subarray(buf.length - keep);
        return false;
      }
      if (state === "body") await emit(buf.subarray(0, at));
      await closePart();
      buf = buf.subarray(at + delimiter.length);
      state = "after";
      return true;
    }
    if (state === "after") {
      if (buf.length < 2) return false;
      if (buf[0] === 0x2d && buf[1] === 0x2d) {
        state = "end";
        return false;
      }
      const eol = buf.indexOf(CRLF);
      if (eol < 0) {
        if (buf.length > 256) throw badRequest("Malformed multipart body");
        return false;
      }
      buf = buf.subarray(eol + 2); // transport padding after the boundary is allowed before the line break
      state = "headers";
      return true;
    }
    if (state === "headers") {
      const at = buf.indexOf(HEADER_END);
      if (at < 0) {
        if (buf.length > MAX_HEADER_BYTES) throw badRequest("Malformed multipart body: part headers too long");
        return false;
      }
      const { name, isFile } = partName(buf.subarray(0, at).toString("utf8"));
      if (++parts > limits.maxParts) throw badRequest("Too many form fields");
      const toFile = name === limits.fileField && isFile;
      if (name === limits.fileField && (!isFile || file || handle)) throw badRequest("Send exactly one file in the `file` field", "file");
      if (toFile) handle = await fs.open(limits.filePath, "wx", 0o600);
      part = { name, toFile, chunks: [], size: 0 };
      buf = buf.subarray(at + HEADER_END.length);
      state = "body";
      return true;
    }
    return false; // end: whatever follows the closing delimiter is ignored
  };

  try {
    for await (const chunk of req) {
      buf = buf.length ? Buffer.concat([buf, chunk as Buffer]) : (chunk as Buffer);
      while (await step());
    }
  } finally {
    await (handle as fs.FileHandle | null)?.close();
  }
  if (state !== "end") throw badRequest("Malformed multipart body: it ends before its closing boundary");
  return { fields, file };
}
