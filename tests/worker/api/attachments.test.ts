import { workerFetch } from "../worker-fetch";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ORIGIN, expectError, signUp, type TestUser } from "../helpers";
import { chatMessage, messageId } from "../socket-helpers";
import { connect, createGroup, team } from "../chat-helpers";

/** A real 1×1 PNG. */
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="), (ch) => ch.charCodeAt(0));
const SVG = "<svg xmlns='http://www.w3.org/2000/svg'><script>window.__xss=1</script></svg>";
const HTML = "<!doctype html><html><body><script>window.__xss=1</script></body></html>";

/** What every served file carries: no sniffing, no script, no same-origin access. */
function expectSandboxed(res: Response) {
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("content-security-policy")).toMatch(/^sandbox; default-src 'none'/);
}

async function upload(u: TestUser, chatId: string, file: File | null, field = "file") {
  const form = new FormData();
  if (file) form.append(field, file);
  const res = await workerFetch(`${ORIGIN}/api/chat-attachments?chatId=${chatId}`, {
    method: "POST",
    headers: { authorization: `Bearer ${u.token}`, origin: ORIGIN },
    body: form,
  });
  const json: any = await res.json();
  return { status: res.status, json, res };
}

async function download(u: TestUser, url: string) {
  return workerFetch(`${ORIGIN}${url}`, { headers: { authorization: `Bearer ${u.token}` } });
}

async function groupOfTwo() {
  const { admin, members } = await team("Bob");
  return { alice: admin, bob: members[0]!, chatId: await createGroup(admin, members) };
}

describe("chat attachments", () => {
  it("a member uploads a file and another member downloads the same bytes", async () => {
    const { alice, bob, chatId } = await groupOfTwo();
    const bytes = new Uint8Array(3000).map((_, i) => (i * 7) % 256);
    bytes.set(new TextEncoder().encode("%PDF-1.4\n"));
    const r = await upload(alice, chatId, new File([bytes], "report 2026.pdf", { type: "application/pdf" }));
    expect(r.status).toBe(200);
    const a = r.json.data;
    expect(a).toMatchObject({
      id: expect.stringMatching(/^attach_[a-f0-9]{32}$/),
      fileName: "report 2026.pdf",
      fileSize: 3000,
      mimeType: "application/pdf",
      thumbnailUrl: null,
      createdAt: expect.any(String),
    });
    expect(a.fileUrl).toBe(`/api/chat-attachments/${chatId}/${a.id}`);
    const res = await download(bob, a.fileUrl);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    // A PDF downloads: a sandboxed frame cannot display one, and an unsandboxed one is our page.
    expect(res.headers.get("content-type")).toBe("application/octet-stream");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="report 2026.pdf"; filename*=UTF-8''report%202026.pdf`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");

    // The attachment travels with a message and is listed in the history.
    const s = await connect(chatId, alice);
    const frame = chatMessage("see attached", 0, messageId());
    (frame.data.content as any).attachments = [{ id: a.id, fileName: a.fileName, fileSize: a.fileSize, mimeType: a.mimeType, fileUrl: a.fileUrl }];
    s.send(frame);
    expect(await s.next((f) => f.type === "chat_ack")).toMatchObject({ success: true });
    const page = await workerFetch(`${ORIGIN}/api/group-chats/${chatId}/messages`, { headers: { authorization: `Bearer ${bob.token}` } });
    const listed = ((await page.json()) as any).data.messages[0];
    expect(listed.attachments).toEqual([expect.objectContaining({ id: a.id, fileUrl: a.fileUrl, fileName: "report 2026.pdf" })]);
  });

  it("a real PNG is shown inline, typed by its bytes, in a sandbox", async () => {
    const { alice, bob, chatId } = await groupOfTwo();
    const png = await upload(alice, chatId, new File([PNG], "pic.png", { type: "application/octet-stream" }));
    expect(png.json.data).toMatchObject({ mimeType: "image/png", thumbnailUrl: png.json.data.fileUrl });
    const res = await download(bob, png.json.data.fileUrl);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="pic.png"; filename*=UTF-8''pic.png`);
    expectSandboxed(res);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
    // Plain text shows inline too, as text.
    const txt = await upload(alice, chatId, new File(["notes"], "notes.txt", { type: "text/html" }));
    const text = await download(bob, txt.json.data.fileUrl);
    expect(text.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expectSandboxed(text);
  });

  // Stored XSS through a client-chosen type.
  it("active or disguised content (SVG, HTML, XML) downloads as an opaque, sandboxed file whatever type it claims", async () => {
    const { alice, bob, chatId } = await groupOfTwo();
    const cases: [string, string, string][] = [
      ["diagram.svg", "image/SVG+xml", SVG],
      ["diagram.svg", "image/svg+xml; charset=utf-8", SVG],
      ["diagram.svg", "IMAGE/SVG+XML", `<?xml version="1.0"?>${SVG}`],
      ["photo.png", "image/png", HTML],
      ["photo.jpg", "image/jpeg", HTML],
      ["clip.mp4", "video/mp4", HTML],
      ["notes.txt", "text/plain", "\u0000<html><script>window.__xss=1</script>"],
      ["table.csv", "text/csv", `${HTML}\u0000`],
      ["readme.md", "text/html", "\u00ff\u00fe\u0000<script>x</script>"],
      ["archive.zip", "text/html", HTML],
    ];
    for (const [name, type, body] of cases) {
      const r = await upload(alice, chatId, new File([body], name, { type }));
      expect(r.status).toBe(200);
      expect(r.json.data).toMatchObject({ mimeType: "application/octet-stream", thumbnailUrl: null });
      const res = await download(bob, r.json.data.fileUrl);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type"), name).toBe("application/octet-stream");
      expect(res.headers.get("content-disposition"), name).toMatch(/^attachment; filename="/);
      expectSandboxed(res);
      await res.body?.cancel();
    }
  });

  it("files stored before the rule, with a client's active type, are served as downloads too", async () => {
    const { alice, bob, chatId } = await groupOfTwo();
    const r = await upload(alice, chatId, new File([PNG], "pic.png"));
    // As an old upload stored it: the type the client claimed, with odd case and a parameter.
    const key = `chats/${chatId}/${r.json.data.id}`;
    await env.FILES.put(key, SVG, { httpMetadata: { contentType: "Image/SVG+xml; charset=utf-8" }, customMetadata: { fileName: "old.svg" } });
    const res = await download(bob, r.json.data.fileUrl);
    expect(res.headers.get("content-type")).toBe("application/octet-stream");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="old.svg"/);
    expectSandboxed(res);
    await env.FILES.put(key, HTML, { httpMetadata: { contentType: "text/html" }, customMetadata: { fileName: "old.html" } });
    expect((await download(bob, r.json.data.fileUrl)).headers.get("content-disposition")).toMatch(/^attachment/);
  });

  // The "file of this chat" check was a prefix match.
  it("a message may only carry this chat's files: /../ and encoded variants are refused", async () => {
    const { alice, bob, chatId } = await groupOfTwo();
    const other = await createGroup(alice, [bob], [], "Other");
    const real = (await upload(alice, chatId, new File([PNG], "p.png"))).json.data;
    const foreign = (await upload(alice, other, new File([PNG], "q.png"))).json.data;
    const own = `/api/chat-attachments/${chatId}/`;
    const s = await connect(chatId, alice);
    for (const fileUrl of [
      `${own}../${other}/${foreign.id}`,
      `${own}..%2f${other}%2f${foreign.id}`,
      `${own}%2e%2e/${other}/${foreign.id}`,
      `${own}%2E%2E%2F%2E%2E%2Fuploads%2Fx`,
      `${own}${real.id}/../../../uploads/u/upload_${"0".repeat(32)}/a.pdf`,
      `${own}${real.id}?x=/../`,
      `${own}${real.id}#frag`,
      `${own}./${real.id}`,
      `${own}`,
    ]) {
      const frame = chatMessage("see attached", 0, messageId());
      (frame.data.content as any).attachments = [{ ...real, fileUrl, thumbnailUrl: null }];
      s.send(frame);
      expect(await s.next((f) => f.type === "chat_ack" && f.message_id === frame.message_id), fileUrl).toMatchObject({
        success: false,
        error: "Attachments must be uploaded to this chat",
      });
    }
    const thumb = chatMessage("thumb", 0, messageId());
    (thumb.data.content as any).attachments = [{ ...real, thumbnailUrl: `${own}../${other}/${foreign.id}` }];
    s.send(thumb);
    expect(await s.next((f) => f.type === "chat_ack" && f.message_id === thumb.message_id)).toMatchObject({ success: false });
    const fine = chatMessage("fine", 0, messageId());
    (fine.data.content as any).attachments = [real];
    s.send(fine);
    expect(await s.next((f) => f.type === "chat_ack" && f.message_id === fine.message_id)).toMatchObject({ success: true });
  });

  it("non-members can neither upload nor download (404)", async () => {
    const { alice, chatId } = await groupOfTwo();
    const outsider = await signUp("Olga Outsider");
    const { members } = await team("Carol");
    const url = (await upload(alice, chatId, new File(["secret"], "s.txt", { type: "text/plain" }))).json.data.fileUrl;
    for (const u of [outsider, members[0]!]) {
      const res = await download(u, url);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("secret");
      expect((await upload(u, chatId, new File(["x"], "x.txt"))).status).toBe(404);
    }
    const anon = await workerFetch(`${ORIGIN}${url}`);
    expect(anon.status).toBe(401);
  });

  it("a file is only reachable under its own chat, even for someone in both chats", async () => {
    const { alice, bob, chatId } = await groupOfTwo();
    const second = await createGroup(alice, [bob], [], "Second");
    const url = (await upload(alice, chatId, new File(["mine"], "m.txt"))).json.data.fileUrl as string;
    const fileId = url.split("/").pop();
    expect((await download(bob, `/api/chat-attachments/${second}/${fileId}`)).status).toBe(404);
    expect((await download(bob, url)).status).toBe(200);
  });

  it("refuses types outside the allowed list, and requests without a file", async () => {
    const { alice, chatId } = await groupOfTwo();
    for (const name of ["setup.exe", "page.php", "script.js", "noextension"]) {
      const r = await upload(alice, chatId, new File(["MZ"], name, { type: "application/octet-stream" }));
      expectError(r, 400);
      expect(r.json.message).toMatch(/^File type .+ is not supported\. Supported types: /);
    }
    const exe = await upload(alice, chatId, new File(["MZ"], "setup.exe"));
    expect(exe.json.message).toMatch(/^File type exe is not supported\. Supported types: jpg, jpeg, png/);
    expectError(await upload(alice, chatId, null), 400);
    const wrongField = await upload(alice, chatId, new File(["x"], "x.txt"), "upload");
    expect(wrongField.status).toBe(400);
    const res = await download(alice, `/api/chat-attachments/${chatId}/../../etc`);
    expect([400, 404]).toContain(res.status);
    const bad = await download(alice, `/api/chat-attachments/${chatId}/not-a-file-id`);
    expect(bad.status).toBe(400);
    const missing = await download(alice, `/api/chat-attachments/${chatId}/attach_${"0".repeat(32)}`);
    expect(missing.status).toBe(404);
  });
});
