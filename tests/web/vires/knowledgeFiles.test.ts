import { describe, expect, it } from "vitest";
import { KNOWLEDGE_TEXTS } from "../../../contract";
import { checkKnowledgeFile, formatBytes, generatedFileName, knowledgeMimeType, previewsInline } from "../../../web/features/vires/knowledgeFiles";
import { en } from "../../../web/i18n/en";

const file = (name: string, size = 1_000, type = "") => ({ name, size, type });

describe("knowledge file checks", () => {
  it("accept pdf and txt up to 10 MB, by extension or by type", () => {
    expect(checkKnowledgeFile(file("handbook.pdf"))).toBeNull();
    expect(checkKnowledgeFile(file("NOTES.TXT"))).toBeNull();
    expect(checkKnowledgeFile(file("scan", 10_485_760, "application/pdf"))).toBeNull();
  });

  it("refuse doc and docx with the 'use PDF' text", () => {
    expect(checkKnowledgeFile(file("plan.doc"))).toBe("docUnsupported");
    expect(checkKnowledgeFile(file("plan.docx", 20_000_000))).toBe("docUnsupported");
    expect(checkKnowledgeFile(file("plan", 10, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"))).toBe("docUnsupported");
  });

  it("refuse files over 10485760 bytes", () => {
    expect(checkKnowledgeFile(file("big.pdf", 10_485_761))).toBe("tooLarge");
  });

  it("refuse every other type", () => {
    expect(checkKnowledgeFile(file("photo.png", 10, "image/png"))).toBe("wrongType");
    expect(checkKnowledgeFile(file("archive.zip"))).toBe("wrongType");
    expect(checkKnowledgeFile(file("README"))).toBe("wrongType");
  });

  it("show the spec's texts in English", () => {
    const refusals = en.vires.knowledge.refusals;
    expect(refusals.docUnsupported).toBe("DOC and DOCX formats are temporarily not supported. Please use PDF format instead.");
    expect(refusals.tooLarge).toBe("file size cannot exceed 10MB");
    expect(refusals.wrongType).toBe("only PDF, TXT, DOC, DOCX supported");
    for (const key of ["docUnsupported", "tooLarge", "wrongType"] as const) expect(refusals[key]).toBe(KNOWLEDGE_TEXTS[key]);
    expect(en.vires.knowledge.saveFirst).toBe(KNOWLEDGE_TEXTS.saveFirst);
    expect(en.vires.knowledge.failed).toBe("Upload failed, please try again");
    expect(en.vires.knowledge.deleteFailed).toBe("Failed to delete file, please try again");
  });
});

describe("upload naming", () => {
  it("generates a unique name that keeps the extension", () => {
    expect(generatedFileName(file("My Handbook.PDF"), 1700000000000, 0.5)).toMatch(/^knowledge_1700000000000_[0-9a-z]{6}\.pdf$/);
    expect(generatedFileName(file("a.txt"), 1, 0.1)).not.toBe(generatedFileName(file("a.txt"), 1, 0.2));
  });

  it("fills in the content type browsers leave empty", () => {
    expect(knowledgeMimeType(file("a.pdf"))).toBe("application/pdf");
    expect(knowledgeMimeType(file("a.txt"))).toBe("text/plain");
    expect(knowledgeMimeType(file("a.txt", 1, "text/plain;charset=utf-8"))).toBe("text/plain;charset=utf-8");
  });

  it("previews text inline and sizes files in B, KB, MB", () => {
    expect(previewsInline("a.txt")).toBe(true);
    expect(previewsInline("a.pdf")).toBe(false);
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(2048)).toBe("2.0 KB");
    expect(formatBytes(10_485_760)).toBe("10.0 MB");
  });
});
