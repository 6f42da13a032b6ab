import { workerFetch } from "../worker-fetch";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ORIGIN, call, expectError, signUp, type TestUser } from "../helpers";
import { createGroup, team } from "../chat-helpers";
import { minimalPdf } from "../knowledge/pdf-fixture";

const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="), (ch) => ch.charCodeAt(0));

interface Uploaded {
  fileUrl: string;
  fileName: string;
}

/** Through the real upload route, so the file is stored (and typed) exactly as members' files are. */
async function upload(u: TestUser, chatId: string, name: string, bytes: Uint8Array | string): Promise<Uploaded> {
  const form = new FormData();
  form.append("file", new File([bytes], name));
  const res = await workerFetch(`${ORIGIN}/api/chat-attachments?chatId=${chatId}`, {
    method: "POST",
    headers: { authorization: `Bearer ${u.token}`, origin: ORIGIN },
    body: form,
  });
  const json: any = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json.data;
}

function processFile(u: TestUser, body: Record<string, unknown>) {
  return call("/api/chat-attachments/process", { token: u.token, body });
}

async function groupOfTwo() {
  const { admin, members } = await team("Bob");
  return { alice: admin, bob: members[0]!, chatId: await createGroup(admin, members) };
}

// Each test signs up a team; PDF parsing in workerd takes seconds on a loaded 2-core machine.
describe("POST /api/chat-attachments/process", { timeout: 30_000 }, () => {
  it("answers the text of a txt attachment to another member, and keeps the extraction for the next call", async () => {
    const { alice, bob, chatId } = await groupOfTwo();
    const file = await upload(alice, chatId, "meeting notes.txt", "Ship on Friday.\nBob owns the release notes.\n");
    const first = await processFile(bob, { ...file, chatId });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.data).toEqual({ text: "Ship on Friday.\nBob owns the release notes.\n", chars: 44, truncated: false });

    // The bytes change behind the route's back: the second answer still comes from the kept extraction.
    const key = `chats/${chatId}/${file.fileUrl.split("/").pop()}`;
    const stored = await env.FILES.get(key);
    await env.FILES.put(key, "something else entirely", { httpMetadata: stored!.httpMetadata, customMetadata: stored!.customMetadata });
    const second = await processFile(alice, { ...file, chatId });
    expect(second.json.data.text).toBe("Ship on Friday.\nBob owns the release notes.\n");
  });

  it("reads markdown, and a full URL on our own origin names the same file", async () => {
    const { alice, chatId } = await groupOfTwo();
    const file = await upload(alice, chatId, "README.md", "# Setup\n\n- run `npm test`\n");
    const r = await processFile(alice, { fileUrl: `${ORIGIN}${file.fileUrl}`, fileName: file.fileName, chatId });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({ text: "# Setup\n\n- run `npm test`\n", truncated: false });
  });

  it("extracts the text of a real PDF", async () => {
    const { alice, chatId } = await groupOfTwo();
    const file = await upload(alice, chatId, "q3.pdf", minimalPdf(["Quarterly revenue grew 12 percent.", "Hiring resumes in May."]));
    const r = await processFile(alice, { ...file, chatId });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data.text).toContain("Quarterly revenue grew 12 percent.");
    expect(r.json.data.text).toContain("Hiring resumes in May.");
    expect(r.json.data.chars).toBe(r.json.data.text.length);
    expect(r.json.data.truncated).toBe(false);
  });

  it("cuts a long document at 100,000 characters and says so", async () => {
    const { alice, chatId } = await groupOfTwo();
    const line = "0123456789".repeat(9) + "\n";
    const file = await upload(alice, chatId, "log.txt", line.repeat(1500));
    const r = await processFile(alice, { ...file, chatId });
    expect(r.json.data).toMatchObject({ chars: 100_000, truncated: true });
    expect(r.json.data.text).toBe(line.repeat(1500).slice(0, 100_000));
  });

  it("a broken PDF is a 422 with a reason the user can act on, also the second time", async () => {
    const { alice, chatId } = await groupOfTwo();
    const file = await upload(alice, chatId, "scan.pdf", "%PDF-1.7\n1 0 obj << /Type /Catalog >>\nthis is not a real pdf body\n");
    for (let i = 0; i < 2; i++) {
      expectError(await processFile(alice, { ...file, chatId }), 422, /^This PDF could not be read.*It may be damaged; try exporting it again\.$/);
    }
    // A ".pdf" whose bytes are not a PDF at all gets the same reason.
    const fake = await upload(alice, chatId, "invoice.pdf", "just some words");
    expectError(await processFile(alice, { ...fake, chatId }), 422, "This PDF could not be read. It may be damaged; try exporting it again.");
  });

  it("other types are a 400 that names the supported ones", async () => {
    const { alice, chatId } = await groupOfTwo();
    const file = await upload(alice, chatId, "photo.png", PNG);
    expectError(await processFile(alice, { ...file, chatId }), 400, "File type png cannot be read as text. Supported types: pdf, txt, md.");
  });

  it("an empty text file has no text to give", async () => {
    const { alice, chatId } = await groupOfTwo();
    const file = await upload(alice, chatId, "empty.txt", "   \n");
    expectError(await processFile(alice, { ...file, chatId }), 422, "The file is empty.");
  });

  it("a PDF too large to parse in the Worker is refused with its size", async () => {
    const { alice, chatId } = await groupOfTwo();
    const id = `attach_${"ab".repeat(16)}`;
    const big = new Uint8Array(21 * 1024 * 1024);
    big.set(new TextEncoder().encode("%PDF-1.4\n"));
    await env.FILES.put(`chats/${chatId}/${id}`, big, { httpMetadata: { contentType: "application/pdf" }, customMetadata: { fileName: "atlas.pdf" } });
    const r = await processFile(alice, { fileUrl: `/api/chat-attachments/${chatId}/${id}`, fileName: "atlas.pdf", chatId });
    expectError(r, 413, "This PDF is too large to read (21.0 MB). PDFs up to 20 MB can be read.");
  });

  it("only files of the named chat, for its members: everything else is not found", async () => {
    const { alice, bob, chatId } = await groupOfTwo();
    const carol = await signUp("Carol Outsider");
    const file = await upload(alice, chatId, "plan.txt", "the plan");

    // Not a member: the chat itself is not found, whatever the file.
    expectError(await processFile(carol, { ...file, chatId }), 404, "Chat not found");

    // A file of a chat Alice and Bob are not in, asked for under their own chat's id.
    const { admin: dave, members } = await team("Erin");
    const otherChat = await createGroup(dave, members);
    const secret = await upload(dave, otherChat, "secret.txt", "salary figures");
    expectError(await processFile(alice, { ...secret, chatId }), 404, "File not found");
    expectError(await processFile(bob, { ...secret, chatId: otherChat }), 404, "Chat not found");

    for (const fileUrl of [
      "https://example.com/plan.txt",
      `https://evil.example${file.fileUrl}`,
      `${file.fileUrl}?x=1`,
      `/api/chat-attachments/${chatId}/../${otherChat}/${secret.fileUrl.split("/").pop()}`,
      `/api/chat-attachments/${chatId}/attach_${"0".repeat(32)}`,
      `${file.fileUrl}.txt`,
      "file:///etc/passwd",
    ]) {
      expectError(await processFile(alice, { fileUrl, fileName: "plan.txt", chatId }), 404, "File not found");
    }
  });

  it("checks its body", async () => {
    const { alice, chatId } = await groupOfTwo();
    expectError(await processFile(alice, { fileName: "a.txt", chatId }), 400);
    expectError(await processFile(alice, { fileUrl: "", fileName: "a.txt", chatId }), 400, "fileUrl is required");
    const signedOut = await call("/api/chat-attachments/process", { body: { fileUrl: "/x", fileName: "a.txt", chatId } });
    expect(signedOut.status).toBe(401);
  });
});
