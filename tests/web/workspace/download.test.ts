import { describe, expect, it } from "vitest";
import { en } from "../../../web/i18n/en";
import { advanceDownload, archiveName, numericHeader, startDownload, toastDuration } from "../../../web/features/workspace/explorer/downloadProgress";
import { formatBytes } from "../../../web/features/workspace/explorer/transfer";

describe("folder download progress (spec 03 §3, §8)", () => {
  it("goes preparing -> downloading -> complete", () => {
    const preparing = startDownload("src");
    expect(preparing.status).toBe("preparing");
    const downloading = advanceDownload(preparing, { type: "headers", size: 2048, fileCount: 3 });
    expect(downloading).toMatchObject({ status: "downloading", size: 2048, fileCount: 3 });
    expect(advanceDownload(downloading, { type: "done" }).status).toBe("complete");
  });

  it("fails from any running state with the reason, and stays finished", () => {
    const failed = advanceDownload(startDownload("src"), { type: "failed", reason: "Folder too large" });
    expect(failed).toMatchObject({ status: "error", reason: "Folder too large" });
    expect(advanceDownload(failed, { type: "done" })).toBe(failed);
    const done = advanceDownload(startDownload("x"), { type: "done" });
    expect(advanceDownload(done, { type: "failed", reason: "late" }).status).toBe("complete");
  });

  it("shows success for 3 s and failure for 5 s", () => {
    expect(toastDuration("complete")).toBe(3000);
    expect(toastDuration("error")).toBe(5000);
    expect(toastDuration("preparing")).toBe(Infinity);
    expect(en.workspace.explorer.downloadDone).toBe("Download completed!");
    expect(en.workspace.explorer.downloadFailed.replace("{{reason}}", "x")).toBe("Download failed: x");
  });

  it("reads the archive headers", () => {
    expect(numericHeader("1024")).toBe(1024);
    expect(numericHeader(null)).toBeNull();
    expect(numericHeader("abc")).toBeNull();
    expect(archiveName('attachment; filename="src.tar.gz"', "src")).toBe("src.tar.gz");
    expect(archiveName(null, "src")).toBe("src.tar.gz");
    expect(archiveName(null, "")).toBe("project.tar.gz");
    expect(formatBytes(1536)).toBe("1.5 KB");
  });
});
