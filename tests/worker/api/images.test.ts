import { workerFetch } from "../worker-fetch";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_TEXTS } from "../../../contract";
import { ORIGIN, freshIp, signUp, type TestUser } from "../helpers";
import { IMAGES, imageBytes, uploadImage } from "./image-fixtures";

/**
 * `/api/uploads/images`, the markdown editor's image upload: limits and formats are checked from
 * the bytes, SVG can never run in our origin, and an image URL is a capability any signed-in user
 * may read while nobody can reach an image without it.
 */

function read(url: string, u?: TestUser) {
  return workerFetch(`${ORIGIN}${url}`, { headers: u ? { authorization: `Bearer ${u.token}` } : {} });
}

const HTML = "<!doctype html><html><body><script>window.__xss=1</script></body></html>";
const SVG_WITH_SCRIPT = "<?xml version='1.0'?>\n<!-- logo -->\n<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'><script>alert(2)</script></svg>";

describe("image upload: formats proved by the bytes", () => {
  it("stores every accepted format under the uploader and serves the same bytes back with its type", async () => {
    const u = await signUp("Ivy Images");
    for (const [name, image] of Object.entries(IMAGES)) {
      const r = await uploadImage(u, image.bytes, `${name}.${image.ext}`, image.type);
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      expect(r.json.code).toBe(200);
      const { url, mimeType, fileName, fileSize } = r.json.data;
      expect(url).toMatch(new RegExp(`^/api/uploads/images/${u.id}/img_[0-9a-f]{32}\\.${image.ext}$`));
      expect({ mimeType, fileName, fileSize }).toEqual({ mimeType: image.type, fileName: `${name}.${image.ext}`, fileSize: image.bytes.byteLength });
      // The key sits under the uploader's prefix.
      expect(await env.FILES.head(url.replace("/api/uploads/", ""))).not.toBeNull();
      const res = await read(url, u);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe(image.type);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toMatch(/^sandbox;/);
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(image.bytes);
    }
  });

  it("takes the format from the bytes, whatever the name and the declared type say", async () => {
    const u = await signUp("Sam Spoof");
    for (const [body, name, type] of [
      [HTML, "photo.png", "image/png"],
      [HTML, "photo.svg", "image/svg+xml"],
      ["%PDF-1.4\n%\u00e2\u00e3\n1 0 obj<<>>endobj", "scan.jpg", "image/jpeg"],
      ["<?xml version='1.0'?><note>not a picture</note>", "note.svg", "image/svg+xml"],
      ["just words", "words.gif", "image/gif"],
      [new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]), "archive.webp", "image/webp"],
    ] as const) {
      const r = await uploadImage(u, typeof body === "string" ? imageBytes(body) : body, name, type);
      expect([name, r.status, r.json.message]).toEqual([name, 400, IMAGE_UPLOAD_TEXTS.wrongType]);
    }
    // A real PNG sent under a wrong name is still a PNG, stored and served as one.
    const r = await uploadImage(u, IMAGES.png.bytes, "not-a-gif.gif", "image/gif");
    expect(r.json.data.mimeType).toBe("image/png");
    expect(r.json.data.url).toMatch(/\.png$/);
  });

  it("serves an SVG only as a sandboxed download, so its script never runs in our origin", async () => {
    const u = await signUp("Sven Svg");
    const r = await uploadImage(u, imageBytes(SVG_WITH_SCRIPT), "logo.svg", "image/svg+xml");
    expect(r.status).toBe(200);
    const res = await read(r.json.data.url, u);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="logo.svg"/);
    expect(res.headers.get("content-security-policy")).toMatch(/^sandbox; default-src 'none'/);
    expect(res.headers.get("content-security-policy")).not.toContain("script-src");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await res.text()).toBe(SVG_WITH_SCRIPT);
  });
});

describe("image upload: limits", () => {
  it("accepts exactly 10 MB and refuses one byte more with the spec's text", async () => {
    const u = await signUp("Lena Limit");
    const atLimit = new Uint8Array(IMAGE_UPLOAD_MAX_BYTES);
    atLimit.set(IMAGES.png.bytes);
    expect((await uploadImage(u, atLimit, "big.png", "image/png")).status).toBe(200);
    const over = new Uint8Array(IMAGE_UPLOAD_MAX_BYTES + 1);
    over.set(IMAGES.png.bytes);
    const r = await uploadImage(u, over, "bigger.png", "image/png");
    expect([r.status, r.json.message]).toEqual([413, "File size exceeds 10MB limit"]);
  });

  it("refuses an empty file, a body without the file field and a raw body", async () => {
    const u = await signUp("Ed Empty");
    const empty = await uploadImage(u, new Uint8Array(0), "empty.png", "image/png");
    expect([empty.status, empty.json.message]).toEqual([400, IMAGE_UPLOAD_TEXTS.empty]);
    const form = new FormData();
    form.append("image", new File([IMAGES.png.bytes], "a.png", { type: "image/png" }));
    const headers = { origin: ORIGIN, "cf-connecting-ip": freshIp(), authorization: `Bearer ${u.token}` };
    const wrongField = await workerFetch(`${ORIGIN}/api/uploads/images`, { method: "POST", headers, body: form });
    expect([wrongField.status, ((await wrongField.json()) as any).message]).toEqual([400, IMAGE_UPLOAD_TEXTS.noFile]);
    const raw = await workerFetch(`${ORIGIN}/api/uploads/images`, {
      method: "POST",
      headers: { ...headers, "content-type": "image/png" },
      body: IMAGES.png.bytes,
    });
    expect(raw.status).toBe(400);
  });
});

describe("image upload: who may upload and read", () => {
  it("needs a session to upload and to read, and a form from another site is refused", async () => {
    const u = await signUp("Otto Owner");
    const form = new FormData();
    form.append("file", new File([IMAGES.png.bytes], "a.png", { type: "image/png" }));
    const anonymous = await workerFetch(`${ORIGIN}/api/uploads/images`, { method: "POST", headers: { origin: ORIGIN }, body: form });
    expect(anonymous.status).toBe(401);
    const foreign = await uploadImage(u, IMAGES.png.bytes, "a.png", "image/png", "https://evil.example");
    expect(foreign.status).toBe(403);
    const mine = await uploadImage(u, IMAGES.png.bytes, "a.png", "image/png");
    expect((await read(mine.json.data.url)).status).toBe(401);
  });

  it("lets another signed-in user read an image by its URL, but never reach one without it", async () => {
    const alice = await signUp("Alice Author");
    const bob = await signUp("Bob Reader");
    const { url } = (await uploadImage(alice, IMAGES.gif.bytes, "diagram.gif", "image/gif")).json.data as { url: string };
    // The markdown that embeds it is read by others: the URL is their capability.
    const shared = await read(url, bob);
    expect(shared.status).toBe(200);
    expect(new Uint8Array(await shared.arrayBuffer())).toEqual(IMAGES.gif.bytes);

    // Any other id, a changed extension, another user's prefix or a path trick is simply not found.
    const [, , , , userId, file] = url.split("/") as string[];
    const id = file!.slice(0, file!.indexOf("."));
    for (const probe of [
      `/api/uploads/images/${userId}/img_${"0".repeat(32)}.gif`,
      `/api/uploads/images/${userId}/${id}.png`,
      `/api/uploads/images/${bob.id}/${file}`,
      `/api/uploads/images/${userId}/${id}`,
      `/api/uploads/images/${userId}/..%2F..%2Fuploads`,
      `/api/uploads/images/${encodeURIComponent("../uploads")}/${file}`,
    ]) {
      expect([probe, (await read(probe, bob)).status]).toEqual([probe, 404]);
    }
    // Bob's upload gets its own id under his own prefix: it cannot replace Alice's.
    const bobs = (await uploadImage(bob, IMAGES.png.bytes, "diagram.gif", "image/png")).json.data.url as string;
    expect(bobs.startsWith(`/api/uploads/images/${bob.id}/`)).toBe(true);
    expect(new Uint8Array(await (await read(url, alice)).arrayBuffer())).toEqual(IMAGES.gif.bytes);
  });
});
