import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, countRows, expectError, signUp } from "../helpers";
import { ackOf, connect, createGroup, createGroupCall, messageFrom, send, team } from "../chat-helpers";
import { chatMessage, messageId } from "../socket-helpers";
import { addDocument, addFileCall, newBase, newVire, upload } from "../knowledge/kb-helpers";

/** Inputs every name rule refuses, with the text's ending (the label differs per kind of name). */
const HOSTILE: [string, unknown, RegExp][] = [
  ["null", null, /^Please enter|is required/],
  ["only invisible characters", " \u200B\uFEFF ", /^Please enter|is required/],
  ["50,000 characters", "x".repeat(50_000), /at most|too long/],
  ["a control character", "Ops\u0000Team", / cannot contain control characters$/],
  ["a line separator", "Ops\u2028Team", / cannot contain control characters$/],
  ["a right-to-left override", "Ops\u202ETeam", / cannot contain text direction characters$/],
  ["a directional isolate", "\u2066Ops Team\u2069", / cannot contain text direction characters$/],
];
const LOOK_ALIKE = "Ops T\u0435am"; // Cyrillic е in a Latin word

describe("group names", () => {
  it.each(HOSTILE)("refuses %s when creating and renaming a group", async (_label, name, text) => {
    const { admin, members } = await team("Bea");
    const before = await countRows("chat");
    expectError(await createGroupCall(admin, members, [], name as string), 400, text);
    expect(await countRows("chat")).toBe(before);
    const chatId = await createGroup(admin, members, [], "Ops Team");
    expectError(await call(`/api/group-chats/${chatId}`, { method: "PUT", token: admin.token, body: { name } }), 400, text);
  });

  it("refuses a Latin/Cyrillic look-alike, and stores a name trimmed of invisible ends and NFC-normalised", async () => {
    const { admin, members } = await team("Bea");
    expectError(await createGroupCall(admin, members, [], LOOK_ALIKE), 400, "Group name cannot mix Latin letters with Cyrillic or Greek letters");
    const chatId = await createGroup(admin, members, [], "\u200B Cafe\u0301 Crew \u2060");
    const row = await env.DB.prepare("SELECT name FROM chat WHERE id = ?").bind(chatId).first<{ name: string }>();
    expect(row?.name).toBe("Caf\u00E9 Crew");
    // Names wholly in another script are fine.
    expect((await createGroupCall(admin, members, [], "Команда продаж")).status).toBe(200);
  });
});

describe("VIRE, knowledge base and knowledge file names", () => {
  it.each(HOSTILE)("refuses %s as a VIRE name and as a knowledge base name", async (_label, name, text) => {
    const u = await signUp("Namer Of Things");
    const before = await countRows("virtual_employee");
    expectError(await call("/api/virtual-employees", { token: u.token, body: { name, role: "Assistant" } }), 400, text);
    expect(await countRows("virtual_employee")).toBe(before);
    const vireId = await newVire(u);
    expectError(await call(`/api/virtual-employees/${vireId}`, { method: "PUT", token: u.token, body: { name, role: "Assistant" } }), 400, text);
    expectError(await call(`/api/virtual-employees/${vireId}/knowledge-base`, { token: u.token, body: { name } }), 400, text);
  });

  it("uses the spec's VIRE texts and refuses look-alikes", async () => {
    const u = await signUp("Spec Texts");
    expectError(await call("/api/virtual-employees", { token: u.token, body: { name: "  ", role: "Assistant" } }), 400, "Please enter a VIRE name");
    expectError(
      await call("/api/virtual-employees", { token: u.token, body: { name: "x".repeat(61), role: "Assistant" } }),
      400,
      "VIRE name must be at most 60 characters",
    );
    expectError(
      await call("/api/virtual-employees", { token: u.token, body: { name: "\u0391lpha Bot", role: "Assistant" } }),
      400,
      "VIRE name cannot mix Latin letters with Cyrillic or Greek letters",
    );
  });

  it("refuses a file name that hides its extension with an override, but keeps non-Latin file names", async () => {
    const u = await signUp("File Namer");
    const baseId = await newBase(u, await newVire(u));
    const url = await upload(u, "invoice.txt", "pay now");
    expectError(await addFileCall(u, baseId, { name: "invoice\u202Etxt.exe", url, size: 7 }), 400, "File name cannot contain text direction characters");
    expectError(await addFileCall(u, baseId, { name: "a\u0007.txt", url, size: 7 }), 400, "File name cannot contain control characters");
    expect((await addDocument(u, baseId, "отчёт.txt", "квартальный отчёт")).name).toBe("отчёт.txt");
  });
});

describe("a name stored before validation cannot break the chat socket", () => {
  it("a member whose user row holds a 50,000-character name and a huge image still joins the chat and talks", async () => {
    const { admin, members } = await team("Legacy Larry");
    const chatId = await createGroup(admin, members, [], "Legacy Room");
    const larry = members[0]!;
    await env.DB.prepare("UPDATE user SET name = ?, image = ? WHERE id = ?")
      .bind("Ł".repeat(50_000), `https://img.example/${"i".repeat(5_000)}.png`, larry.id)
      .run();
    const sock = await connect(chatId, larry);
    const ack = await send(sock, "still here");
    expect(ack.type).toBe("chat_ack");
    sock.close();
  });
});

describe("attachment file names in chat messages", () => {
  it("arrive cleaned of text-direction and control characters, so an override cannot disguise an extension", async () => {
    const { admin, members } = await team("Bea");
    const chatId = await createGroup(admin, members, [], "Files Room");
    const [a, b] = [await connect(chatId, admin), await connect(chatId, members[0]!)];
    const file = (n: string, fileName: string) => ({
      id: `attach_${n}`,
      fileName,
      fileSize: 3,
      mimeType: "application/octet-stream",
      fileUrl: `/api/chat-attachments/${chatId}/attach_${n.repeat(32)}`,
    });
    const f = chatMessage("see attached", 0, messageId());
    f.data.content = { text: "see attached", attachments: [file("1", "invoice\u202Efdp.exe"), file("2", "\u2066notes\u0000.txt\u2069")] } as any;
    a.send(f);
    expect(await a.next(ackOf(f.message_id))).toMatchObject({ success: true });
    const names = (await b.next(messageFrom(f.message_id))).message.attachments.map((x: { fileName: string }) => x.fileName);
    expect(names).toEqual(["invoicefdp.exe", "notes.txt"]);
    a.close();
    b.close();
  });
});
