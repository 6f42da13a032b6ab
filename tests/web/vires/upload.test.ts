import { afterEach, describe, expect, it, vi } from "vitest";
import { UploadFailure, uploadWithProgress } from "../../../web/app/api/upload";
import { memoryStorage } from "../browserStubs";

/** Just enough of XMLHttpRequest: records the request, and lets the test drive progress and the answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: unknown;
  withCredentials = false;
  status = 0;
  responseText = "";
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, payload: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(payload);
    this.onload?.();
  }
}

function stubBrowser() {
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  vi.stubGlobal("localStorage", memoryStorage({ bearer_token: "tok" }));
}

afterEach(() => {
  FakeXhr.last = null;
});

describe("uploads with progress", () => {
  it("sends the raw body with the session token and resolves with the envelope's data", async () => {
    stubBrowser();
    const progress = vi.fn();
    const body = new Blob(["hello"], { type: "text/plain" });
    const pending = uploadWithProgress<{ url: string }>({
      url: "/api/uploads?contentType=text%2Fplain&fileName=k.txt",
      body,
      contentType: "text/plain",
      onProgress: progress,
    });
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe("/api/uploads?contentType=text%2Fplain&fileName=k.txt");
    expect(xhr.headers).toMatchObject({ Authorization: "Bearer tok", "client-info": "web", "Content-Type": "text/plain" });
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.body).toBe(body);

    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 2, total: 5 });
    expect(progress).toHaveBeenCalledWith({ loaded: 2, total: 5 });
    xhr.answer(200, { code: 200, data: { url: "/files/k.txt" }, message: "ok" });
    await expect(pending).resolves.toEqual({ url: "/files/k.txt" });
  });

  it("rejects with the server's message and marks the file-limit codes silent", async () => {
    stubBrowser();
    const refused = uploadWithProgress({ url: "/api/uploads", body: new Blob(["x"]) });
    FakeXhr.last!.answer(200, { code: 10834, data: null, message: "file limit" });
    const error = (await refused.catch((e: unknown) => e)) as UploadFailure;
    expect(error).toBeInstanceOf(UploadFailure);
    expect(error.message).toBe("file limit");
    expect(error.silent).toBe(true);

    const broken = uploadWithProgress({ url: "/api/uploads", body: new Blob(["x"]) });
    FakeXhr.last!.answer(500, {});
    const fault = (await broken.catch((e: unknown) => e)) as UploadFailure;
    expect(fault.message).toBe("HTTP 500");
    expect(fault.silent).toBe(false);
  });

  it("rejects as aborted when the caller cancels", async () => {
    stubBrowser();
    const controller = new AbortController();
    const pending = uploadWithProgress({ url: "/api/uploads", body: new Blob(["x"]), signal: controller.signal });
    controller.abort();
    const error = (await pending.catch((e: unknown) => e)) as UploadFailure;
    expect(error.aborted).toBe(true);
  });
});
