import { describe, expect, it } from "vitest";
import { chunkText, searchTextOf } from "../../../worker/knowledge/chunk";
import { knowledgeKindOf } from "../../../worker/knowledge/file-types";
import { parseUploadUrl, safeFileName, uploadUrl } from "../../../worker/knowledge/uploads";

const sentence = (i: number) => `Sentence number ${i} talks about topic ${i} in some detail.`;

describe("chunkText", () => {
  it("keeps a short document whole, joining wrapped lines and keeping paragraph breaks", () => {
    expect(chunkText("First line\nwraps here.\n\nSecond paragraph.")).toEqual(["First line wraps here.\n\nSecond paragraph."]);
    expect(chunkText("   \n\n  ")).toEqual([]);
  });

  it("cuts long text near the target size on sentence boundaries, each passage starting with the end of the one before", () => {
    const text = Array.from({ length: 60 }, (_, i) => sentence(i)).join(" ");
    const chunks = chunkText(text, 800, 150);
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) {
      expect(c.length).toBeLessThanOrEqual(800);
      expect(c).toMatch(/^Sentence number \d+/);
      expect(c).toMatch(/detail\.$/);
    }
    for (let i = 1; i < chunks.length; i++) {
      const firstOfNext = chunks[i]!.split(". ")[0]!;
      expect(chunks[i - 1]).toContain(firstOfNext);
    }
    // Nothing is lost.
    for (let i = 0; i < 60; i++) expect(chunks.some((c) => c.includes(sentence(i)))).toBe(true);
  });

  it("splits a sentence longer than a passage at word boundaries, and text without spaces anywhere", () => {
    const long = Array.from({ length: 400 }, (_, i) => `word${i}`).join(" ");
    const chunks = chunkText(long, 800, 150);
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(800 + 150 + 1);
    expect(chunks.join(" ")).toContain("word399");
    const zh = "知识库".repeat(700);
    expect(chunkText(zh, 800, 150).every((c) => c.length <= 800 + 150 + 1)).toBe(true);
  });

  it("splits Chinese sentences at their full stops", () => {
    const text = Array.from({ length: 100 }, (_, i) => `这是第${i}句话，讲的是退款政策。`).join("");
    const chunks = chunkText(text, 200, 40);
    expect(chunks.length).toBeGreaterThan(5);
    for (const c of chunks) expect(c.endsWith("。")).toBe(true);
  });
});

describe("helpers of the knowledge pipeline", () => {
  it("spaces CJK characters apart for the index and leaves other text alone", () => {
    expect(searchTextOf("退款 policy")).toBe(" 退  款  policy");
  });

  it("accepts PDF and TXT by type or extension and names Word files apart", () => {
    expect(knowledgeKindOf("a.PDF", "")).toEqual({ ok: true, kind: "pdf" });
    expect(knowledgeKindOf("a.txt", "application/octet-stream")).toEqual({ ok: true, kind: "txt" });
    expect(knowledgeKindOf("notes", "text/plain; charset=utf-8")).toEqual({ ok: true, kind: "txt" });
    expect(knowledgeKindOf("a.docx", "application/pdf")).toEqual({ ok: false, reason: "doc_unsupported" });
    expect(knowledgeKindOf("a.png", "image/png")).toEqual({ ok: false, reason: "wrong_type" });
  });

  it("round-trips upload urls and rejects anything else", () => {
    const ref = { userId: "u1", id: `upload_${"a".repeat(32)}`, fileName: "Q3 report #1.pdf" };
    expect(parseUploadUrl(uploadUrl(ref))).toEqual(ref);
    expect(parseUploadUrl(`https://app.example.com${uploadUrl(ref)}?x=1`)).toEqual(ref);
    expect(parseUploadUrl("/api/uploads/u1/upload_x/a.pdf")).toBeNull();
    expect(parseUploadUrl(`/api/uploads/u1/${ref.id}/..%2F..%2Fsecret`)).toBeNull();
    expect(parseUploadUrl(`/api/chat-attachments/u1/${ref.id}/a.pdf`)).toBeNull();
    expect(parseUploadUrl("%%%")).toBeNull();
    expect(safeFileName("C:\\Users\\me\\a\u0000b.txt")).toBe("ab.txt");
  });
});
