// The hover menu's Upload Image (spec 03 §5, §7.1, §8): the browser checks size and type first,
// then posts the file as the multipart field `file`; only an answer with code 200 and data counts.
import { IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_PATH, IMAGE_UPLOAD_TYPES, type UploadedImage } from "../../../../../contract";
import { handleUnauthorized } from "../../../../app/api/client";
import { apiHeaders, readJson, serverMessage } from "../../../../app/api/headers";

export type ImageRefusal = "tooLarge" | "wrongType";

/** What the file picker offers, and what the browser accepts before asking the server. */
export const IMAGE_ACCEPT = [...Object.keys(IMAGE_UPLOAD_TYPES), ...Object.values(IMAGE_UPLOAD_TYPES).flatMap((t) => t.extensions.map((e) => `.${e}`))].join(
  ",",
);

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

/**
 * Why a picked file cannot be uploaded, or null. The type comes from the browser, or from the
 * extension when the browser gives none; the server decides again from the bytes.
 */
export function checkImageFile(file: Pick<File, "name" | "size" | "type">): ImageRefusal | null {
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return "tooLarge";
  const type = file.type.toLowerCase();
  const known = type
    ? type in IMAGE_UPLOAD_TYPES
    : Object.values(IMAGE_UPLOAD_TYPES).some((t) => (t.extensions as readonly string[]).includes(extensionOf(file.name)));
  return known ? null : "wrongType";
}

export type ImageUploadResult =
  | { ok: true; image: UploadedImage }
  /** `serverError`: the server refused (its own words in `detail`); `invalidResponse`: no code 200 with data; `failed`: no answer. */
  | { ok: false; reason: "serverError" | "invalidResponse" | "failed"; detail: string | null };

function isUploadedImage(data: unknown): data is UploadedImage {
  return !!data && typeof data === "object" && typeof (data as { url?: unknown }).url === "string" && (data as { url: string }).url !== "";
}

/** Posts the image; never throws. */
export async function uploadImage(file: File, signal?: AbortSignal): Promise<ImageUploadResult> {
  const form = new FormData();
  form.append("file", file, file.name);
  let response: Response;
  try {
    response = await fetch(IMAGE_UPLOAD_PATH, { method: "POST", body: form, headers: apiHeaders(false), credentials: "include", signal });
  } catch {
    return { ok: false, reason: "failed", detail: null };
  }
  const payload = await readJson(response).catch(() => undefined);
  if (response.status === 401) {
    handleUnauthorized();
    return { ok: false, reason: "failed", detail: null };
  }
  if (!response.ok) return { ok: false, reason: "serverError", detail: serverMessage(payload) };
  const envelope = payload as { code?: unknown; data?: unknown } | undefined;
  if (!envelope || envelope.code !== 200 || !isUploadedImage(envelope.data)) return { ok: false, reason: "invalidResponse", detail: null };
  return { ok: true, image: envelope.data };
}
