import { SILENT_ERROR_CODES } from "../../../contract";
import { apiHeaders, serverMessage } from "./headers";

/** Why an upload ended without a result; `silent` errors carry a code the spec hides (10834/10835). */
export class UploadFailure extends Error {
  override readonly name = "UploadFailure";
  constructor(
    message: string,
    /** HTTP status; 0 when no response arrived (network error or abort). */
    readonly status: number,
    readonly code: number | string | null = null,
    readonly aborted = false,
  ) {
    super(message);
  }

  get silent(): boolean {
    return typeof this.code === "number" && SILENT_ERROR_CODES.includes(this.code);
  }
}

export interface UploadProgressEvent {
  loaded: number;
  total: number;
}

export interface UploadRequest {
  url: string;
  /** Sent as is: a raw file (with `contentType`) or a multipart form. */
  body: Blob | FormData;
  /** Content-Type of a raw body; a FormData body sets its own boundary. */
  contentType?: string;
  onProgress?: (event: UploadProgressEvent) => void;
  signal?: AbortSignal;
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Uploads with progress events (spec 01 §7: uploads have no timeout and report progress, speed and
 * time remaining). XMLHttpRequest because fetch cannot observe upload progress. Resolves with the
 * envelope's `data`; rejects with an `UploadFailure`. It shows no toast: callers render the state.
 */
export function uploadWithProgress<T>({ url, body, contentType, onProgress, signal }: UploadRequest): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadFailure("aborted", 0, null, true));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(apiHeaders(false))) xhr.setRequestHeader(name, value);
    if (contentType && !(body instanceof FormData)) xhr.setRequestHeader("Content-Type", contentType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      const payload = parse(xhr.responseText) as { code?: number | string; data?: T } | undefined;
      const code = payload && typeof payload === "object" && "code" in payload ? (payload.code ?? null) : null;
      if (xhr.status >= 200 && xhr.status < 300 && code === 200 && payload?.data !== undefined) {
        resolve(payload.data);
        return;
      }
      reject(new UploadFailure(serverMessage(payload) ?? `HTTP ${xhr.status}`, xhr.status, code ?? xhr.status));
    };
    xhr.onerror = () => reject(new UploadFailure("", 0));
    xhr.onabort = () => reject(new UploadFailure("aborted", 0, null, true));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
