import type { Attachment } from "../../../../contract";
import { apiHeaders, serverMessage } from "../../../app/api/headers";

export class UploadError extends Error {
  override readonly name = "UploadError";
}

/**
 * `POST /api/chat-attachments?chatId=` (multipart field `file`). XMLHttpRequest rather than fetch
 * because it reports upload progress; there is deliberately no timeout, large files take long.
 */
export function uploadAttachment(chatId: string, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<Attachment> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/chat-attachments?chatId=${encodeURIComponent(chatId)}`);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(apiHeaders(false))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let payload: unknown;
      try {
        payload = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        payload = undefined;
      }
      const envelope = payload as { code?: number; data?: Attachment } | undefined;
      if (xhr.status >= 200 && xhr.status < 300 && envelope?.code === 200 && envelope.data) {
        onProgress(1);
        resolve(envelope.data);
      } else {
        reject(new UploadError(serverMessage(payload) ?? `HTTP ${xhr.status}`));
      }
    };
    xhr.onerror = () => reject(new UploadError(""));
    xhr.onabort = () => reject(new UploadError("aborted"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("file", file, file.name);
    xhr.send(form);
  });
}
