import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ORIGIN, expectError, signUp, type TestUser } from "../helpers";
import { chatMessage, messageId } from "../socket-helpers";
import { connect, createGroup, team } from "../chat-helpers";

async function upload(u: TestUser, chatId: string, file: File | null, field = "file") {
  const form = new FormData();
  if (file) form.append(field, file);
  const res = await SELF.fetch(`${ORIGIN}/api/chat-attachments?chatId=${chatId}`, { method: "POST", headers: { authorization: `Bearer ${u.token}`, origin: ORIGIN }, body: form });
  const json: any = await res.json();
  return { status: res.status, json, res };
}

async function download(u: TestUser, url: string) {
  return SELF.fetch(`${ORIGIN}${url}`, { headers: { authorization: `Bearer ${u.token}` } });
}

async function groupOfTwo() {
  const { admin, members } = await team("Bob");
  return { alice: admin, bob: members[0]!, chatId: await createGroup(admin, members) };
}

describe("chat attachments", () => {
  it("a member uploads a file and another member downloads the same bytes", async () => {
    const { alice, bob, chatId } = await groupOfTwo();
    const bytes = new Uint8Array(3000).map((_, i) => (i * 7) % 256);
    const r = await upload(alice, chatId, new File([bytes], "report 2026.pdf", { type: "application/pdf" }));
    expect(r.status).toBe(200);
    const a = r.json.data;
    expect(a).toMatchObject({ id: expect.stringMatching(/^attach_[a-f0-9]{32}$/), fileName: "report 2026.pdf", fileSize: 3000, mimeType: "application/pdf", thumbnailUrl: null, createdAt: expect.any(String) });
    expect(a.fileUrl).toBe(`/api/chat-attachments/${chatId}/${a.id}`);
    const res = await download(bob, a.fileUrl);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename\*=UTF-8''report%202026\.pdf$/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");

    // The attachment travels with a message and is listed in the history.
    const s = await connect(chatId, alice);
    const frame = chatMessage("see attached", 0, messageId());
    (frame.data.content as any).attachments = [{ id: a.id, fileName: a.fileName, fileSize: a.fileSize, mimeType: a.mimeType, fileUrl: a.fileUrl }];
    s.send(frame);
    expect(await s.next((f) => f.type === "chat_ack")).toMatchObject({ success: true });
    const page = await SELF.fetch(`${ORIGIN}/api/group-chats/${chatId}/messages`, { headers: { authorization: `Bearer ${bob.token}` } });
    const listed = ((await page.json()) as any).data.messages[0];
    expect(listed.attachments).toEqual([expect.objectContaining({ id: a.id, fileUrl: a.fileUrl, fileName: "report 2026.pdf" })]);
  });

  it("images are shown inline (but not SVG, which downloads)", async () => {
    const { alice, bob, chatId } = await groupOfTwo();
    const png = await upload(alice, chatId, new File([new Uint8Array([137, 80, 78, 71])], "pic.png", { type: "image/png" }));
    expect(png.json.data.thumbnailUrl).toBe(png.json.data.fileUrl);
    expect((await download(bob, png.json.data.fileUrl)).headers.get("content-disposition")).toBe("inline");
    const svg = await upload(alice, chatId, new File(["<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"], "x.svg", { type: "image/svg+xml" }));
    expect((await download(bob, svg.json.data.fileUrl)).headers.get("content-disposition")).toMatch(/^attachment/);
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
    const anon = await SELF.fetch(`${ORIGIN}${url}`);
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
    for (const name of ["setup.exe", "page.html", "script.js", "noextension"]) {
      const r = await upload(alice, chatId, new File(["MZ"], name, { type: "application/octet-stream" }));
      expectError({ status: r.status, json: r.json, res: r.res }, 400);
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
