import { workerFetch } from "../worker-fetch";
import { ORIGIN, freshIp, type CallResult, type TestUser } from "../helpers";

const base64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

export const imageBytes = (text: string) => new TextEncoder().encode(text);

/** The smallest real file of each accepted format (1×1 pixel). */
export const IMAGES = {
  png: { ext: "png", type: "image/png", bytes: base64("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==") },
  jpeg: {
    ext: "jpg",
    type: "image/jpeg",
    bytes: base64(
      "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
    ),
  },
  gif: { ext: "gif", type: "image/gif", bytes: base64("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==") },
  webp: { ext: "webp", type: "image/webp", bytes: base64("UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA") },
  svg: {
    ext: "svg",
    type: "image/svg+xml",
    bytes: imageBytes("<svg xmlns='http://www.w3.org/2000/svg' width='1' height='1'><rect width='1' height='1'/></svg>"),
  },
} as const;

/** `POST /api/uploads/images` with the file as the multipart field `file`, as the editor sends it. */
export async function uploadImage(u: TestUser, bytes: Uint8Array, name: string, type: string, origin = ORIGIN): Promise<CallResult> {
  const form = new FormData();
  form.append("file", new File([bytes], name, { type }));
  const res = await workerFetch(`${ORIGIN}/api/uploads/images`, {
    method: "POST",
    headers: { origin, "cf-connecting-ip": freshIp(), authorization: `Bearer ${u.token}` },
    body: form,
  });
  const text = await res.text();
  if (res.status >= 500) throw new Error(`image upload answered ${res.status}: ${text.slice(0, 300)}`);
  return { status: res.status, json: text ? JSON.parse(text) : null, res };
}
