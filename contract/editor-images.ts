// Images inserted into markdown files from the editor's hover menu (spec 03 §2.3, §5, §7.1, §8).
// The browser checks these before uploading; the Worker checks them again from the bytes.

/** Spec 03 §9: image upload limit. */
export const IMAGE_UPLOAD_MAX_MB = 10;
export const IMAGE_UPLOAD_MAX_BYTES = IMAGE_UPLOAD_MAX_MB * 1024 * 1024;

/** The accepted formats, by the type the server stores and serves them with. */
export const IMAGE_UPLOAD_TYPES = {
  "image/jpeg": { label: "JPEG", extensions: ["jpg", "jpeg"] },
  "image/png": { label: "PNG", extensions: ["png"] },
  "image/gif": { label: "GIF", extensions: ["gif"] },
  "image/webp": { label: "WebP", extensions: ["webp"] },
  "image/svg+xml": { label: "SVG", extensions: ["svg"] },
} as const;

export type ImageUploadType = keyof typeof IMAGE_UPLOAD_TYPES;

export const IMAGE_UPLOAD_FORMATS = Object.values(IMAGE_UPLOAD_TYPES)
  .map((t) => t.label)
  .join(", ");

/** `POST /api/uploads/images` (multipart field `file`): where the stored image is served. */
export const IMAGE_UPLOAD_PATH = "/api/uploads/images";

export const IMAGE_UPLOAD_TEXTS = {
  tooLarge: (mb: number = IMAGE_UPLOAD_MAX_MB) => `File size exceeds ${mb}MB limit`,
  wrongType: `Invalid file type. Accepted formats: ${IMAGE_UPLOAD_FORMATS}`,
  empty: "The file is empty",
  noFile: "Expected the image as a multipart field named file",
  success: "Image uploaded successfully!",
  failed: "Failed to upload image",
  serverError: "Upload server returned an error",
  invalidResponse: "File upload failed: Invalid response from server.",
} as const;

/** The answer's `data`: `url` is what the markdown `![name](url)` points at. */
export interface UploadedImage {
  url: string;
  fileName: string;
  fileSize: number;
  mimeType: ImageUploadType;
}
