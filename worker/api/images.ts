import { IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_TEXTS, type UploadedImage } from "../../contract";
import { serveStoredFile } from "../attachments/byte-range";
import { newApp } from "../lib/app";
import { ApiError, ok } from "../lib/envelope";
import { SNIFF_BYTES } from "../lib/file-content-type";
import { newId } from "../lib/ids";
import { requireSameOrigin } from "../lib/origin";
import { readCapped } from "../lib/read-capped";
import { requireUser } from "../lib/session";
import { safeFileName } from "../knowledge/uploads";
import { imageHeaders, imageKey, imageTypeOf, imageUrl, keyOfPath, parseImagePath } from "../workspace/editor-images";

/** Room for the multipart envelope around an image of the maximum size. */
const MULTIPART_SLACK = 64 * 1024;
const NOT_FOUND = "Image not found";

/** The multipart field `file`, read without ever holding more than the limit allows. */
async function imageFileOf(req: Request): Promise<File> {
  const type = req.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data") || !req.body) throw new ApiError(400, IMAGE_UPLOAD_TEXTS.noFile);
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (declared > IMAGE_UPLOAD_MAX_BYTES + MULTIPART_SLACK) throw new ApiError(413, IMAGE_UPLOAD_TEXTS.tooLarge());
  const bytes = await readCapped(req.body, IMAGE_UPLOAD_MAX_BYTES + MULTIPART_SLACK);
  if (!bytes) throw new ApiError(413, IMAGE_UPLOAD_TEXTS.tooLarge());
  const form = await new Response(bytes, { headers: { "content-type": type } }).formData().catch(() => null);
  const file = form?.get("file");
  if (!(file instanceof File)) throw new ApiError(400, IMAGE_UPLOAD_TEXTS.noFile);
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) throw new ApiError(413, IMAGE_UPLOAD_TEXTS.tooLarge());
  if (file.size === 0) throw new ApiError(400, IMAGE_UPLOAD_TEXTS.empty);
  return file;
}

/**
 * `/api/uploads/images`: the editor's image upload (spec 03 §7.1 "configured image-upload
 * endpoint", §5 limits). The format is proved by the file's bytes; the answer's url is a
 * capability URL (see worker/workspace/editor-images.ts) readable by any signed-in user.
 */
export const imagesApi = newApp()
  .use(requireUser)
  .post(
    "/",
    // Multipart is not JSON, so a cross-site form could post here with the cookie; the Origin says who is asking.
    async (c, next) => {
      requireSameOrigin(c);
      await next();
    },
    async (c) => {
      const user = c.get("user");
      const file = await imageFileOf(c.req.raw);
      const type = await imageTypeOf(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
      if (!type) throw new ApiError(400, IMAGE_UPLOAD_TEXTS.wrongType);
      const fileName = safeFileName(file.name) || "image";
      const ref = { userId: user.id, id: newId("img"), type };
      try {
        await c.env.FILES.put(imageKey(ref), await file.arrayBuffer(), {
          httpMetadata: { contentType: type },
          customMetadata: { fileName, ownerId: user.id },
        });
      } catch (err) {
        console.error("image upload: R2 put failed", err);
        throw new ApiError(400, "The upload was interrupted; please try again");
      }
      return ok<UploadedImage>(c, { url: imageUrl(ref), fileName, fileSize: file.size, mimeType: type });
    },
  )
  .get("/:userId/:file", async (c) => {
    const path = parseImagePath(c.req.param("userId"), c.req.param("file"));
    if (!path) throw new ApiError(404, NOT_FOUND);
    const served = await serveStoredFile(c.env.FILES, keyOfPath(path), c.req.raw, (object) =>
      imageHeaders(object.httpMetadata?.contentType, object.customMetadata?.fileName ?? c.req.param("file")),
    );
    if (!served) throw new ApiError(404, NOT_FOUND);
    return served;
  });
