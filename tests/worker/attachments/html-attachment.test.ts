import { describe, expect, it } from "vitest";
import { fetchFile, groupOfTwo, uploadAttachment } from "./files";

const PAGE = "<!doctype html><html><head><title>Report</title></head><body><h1>Q3</h1><script>parent.document.title = 'pwned'</script></body></html>";

describe("an .html file as a chat attachment", () => {
  it("is accepted, stored as an opaque file, and served so it can never run in our origin", async () => {
    const { alice, bob, chatId } = await groupOfTwo();
    for (const [name, type] of [
      ["report.html", "text/html"],
      ["REPORT.HTM", "text/html; charset=utf-8"],
    ] as const) {
      const r = await uploadAttachment(alice, chatId, new File([PAGE], name, { type }));
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      // The type a client claims never makes it a page: it is stored as bytes, with no thumbnail.
      expect(r.json.data).toMatchObject({ fileName: name, mimeType: "application/octet-stream", thumbnailUrl: null });

      const res = await fetchFile(r.json.data.fileUrl, bob);
      expect(res.status).toBe(200);
      // Opening the URL directly downloads it; were it rendered anyway, it would get no script and an opaque origin.
      expect(res.headers.get("content-type")).toBe("application/octet-stream");
      expect(res.headers.get("content-disposition")).toMatch(new RegExp(`^attachment; filename="${name.replace(".", "\\.")}"`));
      expect(res.headers.get("content-security-policy")).toMatch(/^sandbox; default-src 'none'/);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      // The preview still gets the exact bytes to show in its sandboxed frame.
      expect(await res.text()).toBe(PAGE);
    }
  });

  it("the refusal of other types lists html among the supported ones", async () => {
    const { alice, chatId } = await groupOfTwo();
    const r = await uploadAttachment(alice, chatId, new File(["<?php echo 1;"], "page.php"));
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(/^File type php is not supported\. Supported types: .*\bcsv, html, htm, ppt\b/);
  });
});
