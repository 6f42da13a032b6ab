import * as v from "valibot";
import { ATTACHMENT_EXTENSIONS, ATTACHMENT_MAX_BYTES, Id, type Attachment } from "../../contract";
import { getDb } from "../db/client";
import { newApp } from "../lib/app";
import { requireChatMember } from "../lib/chat-access";
import { ApiError, ok } from "../lib/envelope";
import { newId } from "../lib/ids";
import { requireUser } from "../lib/session";
import { param, query } from "../lib/validate";
import { serveStoredFile } from "../attachments/byte-range";
import { analyseUploaded } from "../analysis/start";
import { applyStoredFileHeaders, contentTypeOf, extensionOf, headOf, isImageType } from "../lib/file-content-type";

const ChatQuery = v.object({ chatId: Id });
const FileParam = v.object({ chatId: Id, fileId: v.pipe(v.string(), v.regex(/^attach_[a-f0-9]{32}$/, "Invalid file")) });

/** `/api/chat-attachments`: files of chat messages live in R2; only the chat's members read them. */
export const attachmentsApi = newApp()
  .use(requireUser)
  .post("/", query(ChatQuery), async (c) => {
    const { chatId } = c.req.valid("query");
    const { chat } = await requireChatMember(getDb(c.env.DB), c.get("user").id, chatId);
    const declared = Number(c.req.header("content-length") ?? 0);
    if (declared > ATTACHMENT_MAX_BYTES + 64 * 1024) throw new ApiError(413, "Maximum size allowed is 50 MB.");
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw new ApiError(400, "Expected a multipart form with a field named file");
    }
    const file = form.get("file");
    if (!(file instanceof File)) throw new ApiError(400, "Expected a multipart form with a field named file");
    const ext = extensionOf(file.name);
    if (!ATTACHMENT_EXTENSIONS.includes(ext))
      throw new ApiError(400, `File type ${ext || file.type || "unknown"} is not supported. Supported types: ${ATTACHMENT_EXTENSIONS.join(", ")}`);
    if (file.size > ATTACHMENT_MAX_BYTES)
      throw new ApiError(413, `File ${file.name} is too large (${(file.size / 1048576).toFixed(1)} MB). Maximum size allowed is 50 MB.`);
    const id = newId("attach");
    const fileName = file.name.slice(0, 255);
    // The type comes from the bytes; file.type is whatever the client claimed.
    const mimeType = await contentTypeOf(await headOf(file), fileName);
    await c.env.FILES.put(`chats/${chatId}/${id}`, file.stream(), {
      httpMetadata: { contentType: mimeType },
      customMetadata: { fileName, uploadedBy: c.get("user").id },
    });
    // Recordings and documents are analysed in the background (spec 03 §2.4): a row and a queued job, nothing waited for.
    await analyseUploaded(
      c.env,
      getDb(c.env.DB),
      {
        orgId: chat.orgId,
        ownerId: c.get("user").id,
        source: { kind: "chat", chatId, attachmentId: id },
        r2Key: `chats/${chatId}/${id}`,
        name: fileName,
        mimeType,
        size: file.size,
      },
      false,
    );
    const fileUrl = `/api/chat-attachments/${chatId}/${id}`;
    const attachment: Attachment = {
      id,
      fileName,
      fileSize: file.size,
      mimeType,
      fileUrl,
      thumbnailUrl: isImageType(mimeType) ? fileUrl : null,
      createdAt: new Date().toISOString(),
    };
    return ok<Attachment>(c, attachment);
  })
  .get("/:chatId/:fileId", param(FileParam), async (c) => {
    const { chatId, fileId } = c.req.valid("param");
    await requireChatMember(getDb(c.env.DB), c.get("user").id, chatId);
    const served = await serveStoredFile(c.env.FILES, `chats/${chatId}/${fileId}`, c.req.raw, (object) => {
      const headers = new Headers({ "cache-control": "private, max-age=3600" });
      // Only passive formats display inline; everything else (SVG, HTML, unknown) downloads, sandboxed.
      applyStoredFileHeaders(headers, object.httpMetadata?.contentType, object.customMetadata?.fileName);
      return headers;
    });
    if (!served) throw new ApiError(404, "File not found");
    return served;
  });
