/**
 * Where uploads live. The owner's id is part of the R2 key and of the url, so "is this one of my
 * uploads" is answered by the url itself plus one HEAD on R2, without a table.
 */
export const UPLOAD_ID = /^upload_[a-f0-9]{32}$/;
const URL_PREFIX = "/api/uploads/";

export interface UploadRef {
  userId: string;
  id: string;
  fileName: string;
}

export function uploadKey(ref: UploadRef): string {
  return `uploads/${ref.userId}/${ref.id}/${ref.fileName}`;
}

export function uploadUrl(ref: UploadRef): string {
  return `${URL_PREFIX}${encodeURIComponent(ref.userId)}/${ref.id}/${encodeURIComponent(ref.fileName)}`;
}

/** A file name that is safe as the last segment of a key and a url: no path, no control characters. */
export function safeFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? "";
  return base
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .slice(-200)
    .trim();
}

/** The upload a url points at (relative or absolute, as the upload call answered it); null if it is none. */
export function parseUploadUrl(url: string): UploadRef | null {
  let path: string;
  try {
    path = new URL(url, "http://upload.invalid").pathname;
  } catch {
    return null;
  }
  if (!path.startsWith(URL_PREFIX)) return null;
  const parts = path.slice(URL_PREFIX.length).split("/");
  if (parts.length !== 3) return null;
  try {
    const [userId, id, fileName] = parts.map((p) => decodeURIComponent(p)) as [string, string, string];
    if (!userId || !UPLOAD_ID.test(id) || !fileName || safeFileName(fileName) !== fileName) return null;
    return { userId, id, fileName };
  } catch {
    return null;
  }
}
