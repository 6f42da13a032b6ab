import { workerFetch } from "../worker-fetch";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { KNOWLEDGE_FILE_MAX_BYTES, KNOWLEDGE_TEXTS } from "../../../contract";
import { searchKnowledge } from "../../../worker/knowledge/retrieve";
import { ORIGIN, call, countRows, expectError, expectJsonBodyChecks, expectSignedOutRefused, setPlanInDb, signUp, type TestUser } from "../helpers";
import { addDocument, addFileCall, newBase, newVire, upload, uploadCall } from "../knowledge/kb-helpers";
import { minimalPdf } from "../knowledge/pdf-fixture";

const REFUND = "Refunds are available within 30 days of purchase. Send the receipt to billing and the money returns to the original card.";

async function setup(name = "Knower") {
  const u = await signUp(name);
  const vireId = await newVire(u);
  const baseId = await newBase(u, vireId);
  return { u, vireId, baseId };
}

const get = (u: TestUser, path: string) => call(path, { token: u.token });

describe("knowledge calls without a session", () => {
  it("are refused with 401", async () => {
    await expectSignedOutRefused("/api/virtual-employees/vire_x/knowledge-base");
    await expectSignedOutRefused("/api/virtual-employees/vire_x/knowledge-base", "POST", { name: "Docs" });
    await expectSignedOutRefused("/api/knowledge-base/kb_x/files");
    await expectSignedOutRefused("/api/knowledge-base/kb_x/files", "POST", { name: "a.txt", url: "/api/uploads/u/x/a.txt", size: 1 });
    await expectSignedOutRefused("/api/knowledge-base/kb_x/files/kfile_x", "DELETE");
    await expectSignedOutRefused("/api/debug/fix-knowledge-base-tables");
    await expectSignedOutRefused("/api/uploads?fileName=a.txt", "POST", {});
    await expectSignedOutRefused("/api/uploads/u/upload_x/a.txt");
  });
});

describe("knowledge bases", () => {
  it("creates a collection for my VIRE, lists it with its file count, and gives the same one on a repeat", async () => {
    const { u, vireId, baseId } = await setup();
    expect((await call(`/api/virtual-employees/${vireId}/knowledge-base`, { token: u.token, body: { name: "documents" } })).json.data.id).toBe(baseId);
    await addDocument(u, baseId, "refunds.txt", REFUND);
    const list = await get(u, `/api/virtual-employees/${vireId}/knowledge-base`);
    expect(list.json.data).toEqual([{ id: baseId, name: "Documents", virtualEmployeeId: vireId, fileCount: 1, createdAt: expect.any(String) }]);
    expectError(await call(`/api/virtual-employees/${vireId}/knowledge-base`, { token: u.token, body: { name: " " } }), 400, "Please enter a name");
    await expectJsonBodyChecks(`/api/virtual-employees/${vireId}/knowledge-base`, "POST", u.token, { name: "Docs" });
  });

  it("answers 404 for another user's VIRE, collection and file", async () => {
    const { u, vireId, baseId } = await setup("Owner");
    const file = await addDocument(u, baseId, "refunds.txt", REFUND);
    const stranger = await signUp("Stranger");
    expectError(await get(stranger, `/api/virtual-employees/${vireId}/knowledge-base`), 404, "Virtual employee not found");
    expectError(await call(`/api/virtual-employees/${vireId}/knowledge-base`, { token: stranger.token, body: { name: "Mine now" } }), 404);
    expectError(await get(stranger, `/api/knowledge-base/${baseId}/files`), 404, "Knowledge base not found");
    expectError(await addFileCall(stranger, baseId, { name: "x.txt", url: file.url, size: 1 }), 404, "Knowledge base not found");
    expectError(await call(`/api/knowledge-base/${baseId}/files/${file.id}`, { token: stranger.token, method: "DELETE" }), 404);
    expectError(await get(stranger, file.url), 404, "File not found");
    expect((await get(u, `/api/knowledge-base/${baseId}/files`)).json.data).toHaveLength(1);
  });
});

describe("POST /api/uploads", () => {
  it("stores a text file privately and serves it back to its owner only", async () => {
    const u = await signUp("Uploader");
    const r = await uploadCall(u, "notes.txt", "héllo world", "text/plain");
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({
      url: expect.stringMatching(new RegExp(`^/api/uploads/${u.id}/upload_[a-f0-9]{32}/notes\\.txt$`)),
      fileName: "notes.txt",
      fileSize: 12,
      mimeType: "text/plain; charset=utf-8",
    });
    const back = await workerFetch(`${ORIGIN}${r.json.data.url}`, { headers: { authorization: `Bearer ${u.token}` } });
    expect(back.status).toBe(200);
    expect(await back.text()).toBe("héllo world");
    expect(back.headers.get("x-content-type-options")).toBe("nosniff");
    const other = await signUp("Peeker");
    expectError(await get(other, r.json.data.url), 404, "File not found");
    expectError(await get(u, r.json.data.url.replace("notes.txt", "other.txt")), 404);
  });

  it("keeps a file name that needs encoding, without path parts", async () => {
    const u = await signUp("Namer");
    const url = await upload(u, "../../Q3 report (final)#1.pdf", minimalPdf(["Quarter three"]));
    expect(url).toMatch(/\/Q3%20report%20\(final\)%231\.pdf$/);
    expect((await workerFetch(`${ORIGIN}${url}`, { headers: { authorization: `Bearer ${u.token}` } })).status).toBe(200);
  });

  it("refuses Word files, other types, empty files and files over 10 MB with the spec's texts", async () => {
    const u = await signUp("Refused");
    expectError(await uploadCall(u, "letter.doc", "x"), 400, KNOWLEDGE_TEXTS.docUnsupported);
    expectError(await uploadCall(u, "letter.docx", "x"), 400, KNOWLEDGE_TEXTS.docUnsupported);
    expectError(await uploadCall(u, "letter", "x", "application/msword"), 400, KNOWLEDGE_TEXTS.docUnsupported);
    expectError(await uploadCall(u, "photo.png", "x", "image/png"), 400, KNOWLEDGE_TEXTS.wrongType);
    expectError(await uploadCall(u, "run.exe", "x"), 400, KNOWLEDGE_TEXTS.wrongType);
    expectError(await uploadCall(u, "empty.txt", ""), 400, "The file is empty");
    expectError(await uploadCall(u, "", "x"), 400, "fileName is required");
    expectError(await uploadCall(u, "big.pdf", new Uint8Array(KNOWLEDGE_FILE_MAX_BYTES + 1)), 413, KNOWLEDGE_TEXTS.tooLarge);
    // Accepted "by type or extension" (spec 01 §5): a .md sent as text/plain is a text file.
    expect((await uploadCall(u, "readme.md", "# hi", "text/plain")).status).toBe(200);
    expect((await uploadCall(u, "exactly.txt", new Uint8Array(KNOWLEDGE_FILE_MAX_BYTES).fill(97))).status).toBe(200);
  });

  it("accepts the file as a multipart field too", async () => {
    const u = await signUp("Multipart");
    const form = new FormData();
    form.append("file", new File([REFUND], "policy.txt", { type: "text/plain" }));
    const res = await workerFetch(`${ORIGIN}/api/uploads`, { method: "POST", headers: { origin: ORIGIN, authorization: `Bearer ${u.token}` }, body: form });
    const json: any = await res.json();
    expect(res.status).toBe(200);
    expect(json.data).toMatchObject({ fileName: "policy.txt", fileSize: REFUND.length, mimeType: "text/plain; charset=utf-8" });
  });
});

describe("knowledge files", () => {
  it("indexes a text file and a real PDF, and the agent finds their passages", async () => {
    const { u, vireId, baseId } = await setup();
    const txt = await addDocument(u, baseId, "refunds.txt", REFUND);
    expect(txt).toEqual({
      id: expect.stringMatching(/^kfile_/),
      name: "refunds.txt",
      url: expect.any(String),
      size: REFUND.length,
      chatId: null,
      status: "indexed",
      chunkCount: 1,
      error: null,
      createdAt: expect.any(String),
    });
    const pdf = await addDocument(u, baseId, "onboarding.pdf", minimalPdf(["Welcome aboard.", "Every new hire receives a laptop on the first Monday."]));
    expect(pdf).toMatchObject({ status: "indexed", chunkCount: 1, error: null });
    const hits = await searchKnowledge(env.DB, vireId, "When do new hires get their laptop?");
    expect(hits[0]).toMatchObject({ fileId: pdf.id, fileName: "onboarding.pdf" });
    expect(hits[0]!.text).toContain("laptop on the first Monday");
    const files = (await get(u, `/api/knowledge-base/${baseId}/files`)).json.data;
    expect(files.map((f: any) => f.name)).toEqual(["refunds.txt", "onboarding.pdf"]);
  }, 30_000); // PDF extraction in workerd takes seconds on a loaded 2-core machine

  it("keeps a broken PDF as failed with a reason, never a server error", async () => {
    const { u, baseId } = await setup();
    const file = await addDocument(u, baseId, "broken.pdf", "%PDF-1.4 this is not really a pdf");
    expect(file.status).toBe("failed");
    expect(file.error).toMatch(/^This PDF could not be read/);
    expect(file.chunkCount).toBe(0);
    expect(await countRows("knowledge_chunk WHERE file_id = ?", file.id)).toBe(0);
  });

  it("only records my own, existing uploads, each once", async () => {
    const { u, baseId } = await setup();
    const other = await signUp("Other Uploader");
    const theirs = await upload(other, "theirs.txt", REFUND);
    expectError(await addFileCall(u, baseId, { name: "theirs.txt", url: theirs, size: 10 }), 404, "Uploaded file not found; upload the file first");
    expectError(await addFileCall(u, baseId, { name: "x.txt", url: "https://example.com/x.txt", size: 10 }), 404);
    expectError(await addFileCall(u, baseId, { name: "x.txt", url: `/api/uploads/${u.id}/upload_${"0".repeat(32)}/x.txt`, size: 10 }), 404);
    expectError(await addFileCall(u, baseId, { name: "x.txt", url: theirs, size: KNOWLEDGE_FILE_MAX_BYTES + 1 }), 400, KNOWLEDGE_TEXTS.tooLarge);
    expectError(await addFileCall(u, baseId, { url: theirs, size: 1 }), 400, "File name is required");
    expectError(await addFileCall(u, baseId, { name: "x.txt", size: 1 }), 400, "File url is required");
    const mine = await upload(u, "mine.txt", REFUND);
    expect((await addFileCall(u, baseId, { name: "mine.txt", url: `http://localhost${mine}`, size: 1, chatId: "chat_abc" })).json.data).toMatchObject({
      size: REFUND.length,
      chatId: "chat_abc",
    });
    expectError(await addFileCall(u, baseId, { name: "again.txt", url: mine, size: 1 }), 409);
    await expectJsonBodyChecks(`/api/knowledge-base/${baseId}/files`, "POST", u.token, { name: "mine.txt", url: mine, size: 1 });
  });

  it("allows 3 files per VIRE on the free plan (code 10834) and 100 on any plan (code 10835)", async () => {
    const { u, vireId, baseId } = await setup("Free Knower");
    for (let i = 0; i < 3; i++) await addDocument(u, baseId, `doc${i}.txt`, `${REFUND} ${i}`);
    const url = await upload(u, "doc3.txt", REFUND);
    const refused = await addFileCall(u, baseId, { name: "doc3.txt", url, size: 1 });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({
      code: 10834,
      message: "Your Free plan allows up to 3 knowledge files per virtual employee.",
      data: { limit: 3, tier: "free" },
    });
    // The limit is per VIRE: another VIRE of mine still takes files.
    const second = await newBase(u, await newVire(u));
    expect((await addFileCall(u, second, { name: "doc3.txt", url, size: 1 })).status).toBe(200);

    await setPlanInDb(u.id, true, "professional");
    const now = Date.now();
    const stmt = env.DB.prepare(
      "INSERT INTO knowledge_file (id, base_id, vire_id, owner_id, name, url, upload_key, mime_type, size, status, chunk_count, created_at, updated_at) VALUES (?, ?, ?, ?, 'f.txt', '/x', ?, 'text/plain', 1, 'indexed', 0, ?, ?)",
    );
    await env.DB.batch(Array.from({ length: 96 }, (_, i) => stmt.bind(`kfile_fill_${i}`, baseId, vireId, u.id, `fill/${i}`, now, now)));
    const hundredth = await upload(u, "doc99.txt", REFUND);
    expect((await addFileCall(u, baseId, { name: "doc99.txt", url: hundredth, size: 1 })).status).toBe(200);
    const overflow = await addFileCall(u, baseId, { name: "doc100.txt", url: await upload(u, "doc100.txt", REFUND), size: 1 });
    expect(overflow.status).toBe(403);
    expect(overflow.json).toMatchObject({ code: 10835, message: "A virtual employee can hold at most 100 knowledge files." });
  });

  it("deleting a file removes its passages, its index entries and its stored object", async () => {
    const { u, vireId, baseId } = await setup();
    const file = await addDocument(u, baseId, "refunds.txt", REFUND);
    expect(await searchKnowledge(env.DB, vireId, "refund receipt")).toHaveLength(1);
    const r = await call(`/api/knowledge-base/${baseId}/files/${file.id}`, { token: u.token, method: "DELETE" });
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({ id: file.id });
    expect(await countRows("knowledge_chunk WHERE file_id = ?", file.id)).toBe(0);
    expect(await searchKnowledge(env.DB, vireId, "refund receipt")).toEqual([]);
    expectError(await get(u, file.url), 404);
    expectError(await call(`/api/knowledge-base/${baseId}/files/${file.id}`, { token: u.token, method: "DELETE" }), 404, "File not found");
  });

  it("deleting the VIRE removes its collections, files, passages and stored objects", async () => {
    const { u, vireId, baseId } = await setup();
    const file = await addDocument(u, baseId, "refunds.txt", `${REFUND} Ask for the quokkafund form.`);
    expect(await countRows("knowledge_fts WHERE knowledge_fts MATCH 'quokkafund'")).toBe(1);
    expect((await call(`/api/virtual-employees/${vireId}`, { token: u.token, method: "DELETE" })).status).toBe(200);
    expect(await countRows("knowledge_base WHERE vire_id = ?", vireId)).toBe(0);
    expect(await countRows("knowledge_file WHERE vire_id = ?", vireId)).toBe(0);
    expect(await countRows("knowledge_chunk WHERE vire_id = ?", vireId)).toBe(0);
    expect(await countRows("knowledge_fts WHERE knowledge_fts MATCH 'quokkafund'")).toBe(0);
    expectError(await get(u, file.url), 404);
  });
});

describe("GET /api/debug/fix-knowledge-base-tables", () => {
  it("re-indexes my files that were cut off, and nobody else's", async () => {
    const { u, vireId, baseId } = await setup("Repairer");
    const file = await addDocument(u, baseId, "refunds.txt", REFUND);
    const other = await setup("Bystander");
    const theirs = await addDocument(other.u, other.baseId, "refunds.txt", REFUND);
    const stuck = async (id: string) => {
      await env.DB.prepare("DELETE FROM knowledge_chunk WHERE file_id = ?").bind(id).run();
      await env.DB.prepare("UPDATE knowledge_file SET status = 'processing', chunk_count = 0, updated_at = ? WHERE id = ?")
        .bind(Date.now() - 10 * 60_000, id)
        .run();
    };
    await stuck(file.id);
    await stuck(theirs.id);
    expect(await searchKnowledge(env.DB, vireId, "refund")).toEqual([]);
    const r = await get(u, "/api/debug/fix-knowledge-base-tables");
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({ ok: true, repaired: 1 });
    expect((await get(u, `/api/knowledge-base/${baseId}/files`)).json.data[0]).toMatchObject({ status: "indexed", chunkCount: 1 });
    expect(await searchKnowledge(env.DB, vireId, "refund")).toHaveLength(1);
    expect((await get(other.u, `/api/knowledge-base/${other.baseId}/files`)).json.data[0].status).toBe("processing");
    expect((await get(u, "/api/debug/fix-knowledge-base-tables")).json.data).toEqual({ ok: true, repaired: 0 });
  });
});
