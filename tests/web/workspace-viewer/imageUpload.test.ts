import { beforeEach, describe, expect, it, vi } from "vitest";
import { IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_TEXTS } from "../../../contract";
import { resetClient } from "../../../web/app/api/client";
import { checkImageFile, uploadImage } from "../../../web/features/workspace/viewer/editor/imageUpload";
import { en } from "../../../web/i18n/en";
import { jsonResponse, memoryStorage, stubWindow } from "../browserStubs";

vi.mock("../../../web/ui/toast", () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() } }));

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

beforeEach(() => {
  resetClient();
  vi.stubGlobal("localStorage", memoryStorage({ bearer_token: "tok_1" }));
  stubWindow("/en/home");
});

describe("image upload in the browser (spec 03 §5, §8)", () => {
  it("refuses files over 10 MB and types other than jpeg, png, gif, webp and svg before uploading", () => {
    expect(checkImageFile({ name: "a.png", type: "image/png", size: IMAGE_UPLOAD_MAX_BYTES })).toBeNull();
    expect(checkImageFile({ name: "a.png", type: "image/png", size: IMAGE_UPLOAD_MAX_BYTES + 1 })).toBe("tooLarge");
    for (const [name, type] of [
      ["a.jpg", "image/jpeg"],
      ["a.gif", "image/gif"],
      ["a.webp", "image/webp"],
      ["a.svg", "image/svg+xml"],
      ["a.svg", ""],
      ["photo.JPEG", ""],
    ]) {
      expect([name, type, checkImageFile({ name: name!, type: type!, size: 1 })]).toEqual([name, type, null]);
    }
    for (const [name, type] of [
      ["a.bmp", "image/bmp"],
      ["a.pdf", "application/pdf"],
      ["a.png.html", "text/html"],
      ["noextension", ""],
    ]) {
      expect(checkImageFile({ name: name!, type: type!, size: 1 })).toBe("wrongType");
    }
  });

  it("words the refusals and outcomes as the spec does, in English and with the limit", () => {
    const upload = en.workspaceViewer.markdown.upload;
    expect(upload.tooLarge.replace("{{n}}", "10")).toBe(IMAGE_UPLOAD_TEXTS.tooLarge(10));
    expect(upload.wrongType.replace("{{formats}}", "JPEG, PNG, GIF, WebP, SVG")).toBe(IMAGE_UPLOAD_TEXTS.wrongType);
    expect(IMAGE_UPLOAD_TEXTS.wrongType).toBe("Invalid file type. Accepted formats: JPEG, PNG, GIF, WebP, SVG");
    expect([upload.success, upload.failed, upload.serverError, upload.invalidResponse]).toEqual([
      "Image uploaded successfully!",
      "Failed to upload image",
      "Upload server returned an error",
      "File upload failed: Invalid response from server.",
    ]);
  });

  it("posts the multipart field `file` with the session and answers the stored image", async () => {
    const image = { url: "/api/uploads/images/u1/img_1.png", fileName: "a.png", fileSize: 10, mimeType: "image/png" };
    const fetchMock = vi.fn(async () => jsonResponse({ code: 200, data: image, message: "ok" }));
    vi.stubGlobal("fetch", fetchMock);
    expect(await uploadImage(file("a.png", "image/png"))).toEqual({ ok: true, image });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/uploads/images");
    expect(init.method).toBe("POST");
    expect(init.credentials).toBe("include");
    expect(new Headers(init.headers).get("authorization")).toBe("Bearer tok_1");
    expect((init.body as FormData).get("file")).toBeInstanceOf(File);
  });

  it("tells a refusal, an answer without code 200 and data, and no answer apart", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse({ code: 413, data: null, message: "File size exceeds 10MB limit" }, 413)),
    );
    expect(await uploadImage(file("a.png", "image/png"))).toEqual({ ok: false, reason: "serverError", detail: "File size exceeds 10MB limit" });

    for (const body of [{ code: 500, data: { url: "/x" } }, { code: 200, data: null }, { code: 200, data: { url: "" } }, "not json"]) {
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => (typeof body === "string" ? new Response(body, { status: 200 }) : jsonResponse(body))),
      );
      expect(await uploadImage(file("a.png", "image/png"))).toEqual({ ok: false, reason: "invalidResponse", detail: null });
    }

    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    expect(await uploadImage(file("a.png", "image/png"))).toEqual({ ok: false, reason: "failed", detail: null });
  });
});
