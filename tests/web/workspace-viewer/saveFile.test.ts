import { beforeEach, describe, expect, it, vi } from "vitest";
import { resetClient } from "../../../web/app/api/client";
import { docKey, useDocumentsStore } from "../../../web/features/workspace/viewer/documents";

const documents = useDocumentsStore.getState();
import { saveFile } from "../../../web/features/workspace/viewer/fileApi";
import { jsonResponse, memoryStorage, stubWindow } from "../browserStubs";

vi.mock("../../../web/ui/toast", () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() } }));

const key = docKey("p1", "src/a.ts");
const READ_ONLY = "This file is in read-only mode and cannot be edited. Please contact the project administrator for editing permissions.";

beforeEach(() => {
  resetClient();
  vi.stubGlobal("localStorage", memoryStorage({ bearer_token: "tok" }));
  stubWindow("/home");
  documents.forget(key);
  documents.receive(key, "v1");
});

describe("saving a file (spec 03 §4, §5)", () => {
  it("posts the draft as file_content with the file path and moves the baseline", async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ code: 200, data: { success: true }, message: "ok" }));
    vi.stubGlobal("fetch", fetchMock);
    documents.edit(key, "v2");
    await expect(saveFile("p1", "src/a.ts", true)).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/coding-projects/p1/file-content?filePath=src%2Fa.ts");
    expect(init.method).toBe("POST");
    expect(JSON.parse(init.body as string)).toEqual({ file_content: "v2" });
    expect(documents.get(key)).toMatchObject({ baseline: "v2", draft: "v2", saving: false });
  });

  it("is skipped when read-only, when unchanged, or while a save runs", async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ code: 200, data: {}, message: "ok" }));
    vi.stubGlobal("fetch", fetchMock);
    await expect(saveFile("p1", "src/a.ts", true)).resolves.toEqual({ ok: "skipped" });
    documents.edit(key, "v2");
    await expect(saveFile("p1", "src/a.ts", false)).resolves.toEqual({ ok: "skipped" });
    documents.saveStarted(key);
    await expect(saveFile("p1", "src/a.ts", true)).resolves.toEqual({ ok: "skipped" });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reports the server's reason and keeps the draft dirty (403 read-only)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse({ code: 403, data: null, message: READ_ONLY }, 403)),
    );
    documents.edit(key, "v2");
    await expect(saveFile("p1", "src/a.ts", true)).resolves.toEqual({ ok: false, reason: READ_ONLY });
    expect(documents.get(key)).toMatchObject({ baseline: "v1", draft: "v2", saving: false, saveError: READ_ONLY });
  });

  it("leaves the reason empty on a network failure (the viewer words it per language)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    documents.edit(key, "v2");
    await expect(saveFile("p1", "src/a.ts", true)).resolves.toEqual({ ok: false, reason: "" });
    expect(documents.get(key)?.saving).toBe(false);
  });
});
