import * as v from "valibot";
import { KNOWLEDGE_FILE_MAX_BYTES, KNOWLEDGE_TEXTS, type UploadedFile } from "../../contract";
import { newApp } from "../lib/app";
import { ApiError, ok } from "../lib/envelope";
import { newId } from "../lib/ids";
import { requireSameOrigin } from "../lib/origin";
import { requireUser } from "../lib/session";
import { query } from "../lib/validate";
import { MIME_OF, confirmKnowledgeKind, knowledgeKindOf } from "../knowledge/file-types";
import { SNIFF_BYTES, applyStoredFileHeaders } from "../lib/file-content-type";
import { UPLOAD_ID, safeFileName, uploadKey, uploadUrl } from "../knowledge/uploads";
import { readCapped } from "../lib/read-capped";
import { requireKnowledgeKind } from "../lib/knowledge-access";

const UploadQuery = v.object({
  contentType: v.optional(v.pipe(v.string(), v.maxLength(200)), ""),
  fileName: v.pipe(v.optional(v.pipe(v.string(), v.maxLength(1000)), ""), v.transform(safeFileName)),
});

function requireName(name: string): string {
  if (!name) throw new ApiError(400, "fileName is required");
  return name;
}

/** Room for the multipart envelope around a file of the maximum size. */
const MULTIPART_SLACK = 64 * 1024;

/**
 * The first `max` bytes of a stream, and a stream that still yields every byte, so a file can be
 * judged by its content while it streams to R2 unbuffered.
 */
async function peek(stream: ReadableStream<Uint8Array>, max: number, length: number): Promise<{ head: Uint8Array; stream: ReadableStream<Uint8Array> }> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < max) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  const head = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    head.set(chunk, at);
    at += chunk.byteLength;
  }
  // Fixed length: R2 only takes streams whose size is known.
  const { readable, writable } = new FixedLengthStream(length);
  void (async () => {
    const writer = writable.getWriter();
    try {
      for (const chunk of chunks) await writer.write(chunk);
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        await writer.write(value);
      }
      await writer.close();
    } catch (err) {
      await writer.abort(err).catch(() => undefined);
    }
  })();
  return { head: head.slice(0, max), stream: readable };
}

/** The body's first bytes, and the body to store (unchanged). */
async function sniffable(body: Body): Promise<{ head: Uint8Array; stream: Body["stream"] }> {
  if (body.stream instanceof Uint8Array) return { head: body.stream.slice(0, SNIFF_BYTES), stream: body.stream };
  return peek(body.stream, SNIFF_BYTES, body.size);
}

type Body = { stream: ReadableStream<Uint8Array> | Uint8Array; size: number; name?: string; type?: string };

/**
 * The file of the request: a multipart field `file` (the spec's client) or the raw body. A raw
 * body with a Content-Length streams straight to R2 without being held in memory.
 */
async function fileOf(req: Request): Promise<Body> {
  const type = req.headers.get("content-type") ?? "";
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (type.toLowerCase().startsWith("multipart/form-data")) {
    if (declared > KNOWLEDGE_FILE_MAX_BYTES + MULTIPART_SLACK) throw new ApiError(413, KNOWLEDGE_TEXTS.tooLarge);
    const file = await req.formData().then(
      (f) => f.get("file"),
      () => null,
    );
    if (!(file instanceof File)) throw new ApiError(400, "Expected the file as the body or as a multipart field named file");
    if (file.size > KNOWLEDGE_FILE_MAX_BYTES) throw new ApiError(413, KNOWLEDGE_TEXTS.tooLarge);
    if (file.size === 0) throw new ApiError(400, "The file is empty");
    return { stream: new Uint8Array(await file.arrayBuffer()), size: file.size, name: file.name, type: file.type };
  }
  if (!req.body) throw new ApiError(400, "The file is empty");
  if (declared === 0) throw new ApiError(400, "The file is empty");
  if (Number.isSafeInteger(declared) && declared > 0) {
    if (declared > KNOWLEDGE_FILE_MAX_BYTES) throw new ApiError(413, KNOWLEDGE_TEXTS.tooLarge);
    const fixed = new FixedLengthStream(declared);
    req.body.pipeTo(fixed.writable).catch(() => undefined);
    return { stream: fixed.readable, size: declared };
  }
  const bytes = await readCapped(req.body, KNOWLEDGE_FILE_MAX_BYTES);
  if (!bytes) throw new ApiError(413, KNOWLEDGE_TEXTS.tooLarge);
  if (bytes.byteLength === 0) throw new ApiError(400, "The file is empty");
  return { stream: bytes, size: bytes.byteLength };
}

/**
 * `/api/uploads`: the file-upload service of spec 01 §7 ("takes query contentType and a generated
 * fileName; data holds the file url"). It stores knowledge documents, so it takes the knowledge
 * rules (spec 01 §5): PDF or TXT, at most 10 MB. Files are private to the uploader.
 */
export const uploadsApi = newApp()
  .use(requireUser)
  .post(
    "/",
    // Not JSON, so a cross-site form could post here with the cookie; the Origin says who is asking.
    async (c, next) => {
      requireSameOrigin(c);
      await next();
    },
    query(UploadQuery),
    async (c) => {
      const query = c.req.valid("query");
      const user = c.get("user");
      const headerType = c.req.header("content-type") ?? "";
      const multipart = headerType.toLowerCase().startsWith("multipart/");
      // A raw body is judged before it is read, so a wrong file is refused without uploading it.
      if (!multipart) requireKnowledgeKind(knowledgeKindOf(requireName(query.fileName), query.contentType || headerType));
      const body = await fileOf(c.req.raw);
      const fileName = requireName(query.fileName || safeFileName(body.name ?? ""));
      const claimed = requireKnowledgeKind(knowledgeKindOf(fileName, query.contentType || body.type || (multipart ? "" : headerType)));
      // The claim (name or type) only says what to expect; the bytes must confirm it.
      const { head, stream } = await sniffable(body);
      const kind = requireKnowledgeKind(await confirmKnowledgeKind(claimed, head));
      const ref = { userId: user.id, id: newId("upload"), fileName };
      try {
        await c.env.FILES.put(uploadKey(ref), stream, {
          httpMetadata: { contentType: MIME_OF[kind] },
          customMetadata: { fileName, ownerId: user.id },
        });
      } catch (err) {
        console.error("upload: R2 put failed", err);
        throw new ApiError(400, "The upload was interrupted; please try again");
      }
      return ok<UploadedFile>(c, { url: uploadUrl(ref), fileName, fileSize: body.size, mimeType: MIME_OF[kind] });
    },
  )
  .get("/:userId/:id/:fileName", async (c) => {
    const { userId, id, fileName } = c.req.param();
    // Someone else's upload answers exactly like a missing one.
    if (userId !== c.get("user").id || !UPLOAD_ID.test(id) || safeFileName(fileName) !== fileName) throw new ApiError(404, "File not found");
    const object = await c.env.FILES.get(uploadKey({ userId, id, fileName }));
    if (!object) throw new ApiError(404, "File not found");
    const headers = new Headers();
    headers.set("etag", object.httpEtag);
    headers.set("cache-control", "private, max-age=3600");
    // Text shows inline, a PDF downloads (a sandboxed frame cannot show it); never as our page.
    applyStoredFileHeaders(headers, object.httpMetadata?.contentType, fileName);
    return new Response(object.body, { headers });
  });
