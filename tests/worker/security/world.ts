import { workerFetch } from "../worker-fetch";
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { ORIGIN, call, inviteCodeOf, orgOf, rawToken, signUp, type TestUser } from "../helpers";
import { connect, createGroup, openPrivate } from "../chat-helpers";
import { addCodingAgent, newProject } from "../project-helpers";
import { addDocument, newBase, newVire, upload } from "../knowledge/kb-helpers";
import { IMAGES, uploadImage } from "../api/image-fixtures";
import { flushMirror, send, waitUntil } from "../chat-helpers";
import { analysedWorld, type AnalysisWorld } from "./world-analysis";

/**
 * Organization A (owner Alice, member Amy) with one of everything, organization B (owner Bob)
 * and a stranger. Names are unusual words, so a leak of any of them shows in a response body.
 */
export interface World {
  alice: TestUser;
  /** The id of Alice's session (what list-sessions shows and revoke-session takes). */
  aliceSessionId: string;
  amy: TestUser;
  bob: TestUser;
  stranger: TestUser;
  orgA: string;
  orgB: string;
  orgInviteCode: string;
  groupId: string;
  privateChatId: string;
  messageId: string;
  vireId: string;
  baseId: string;
  knowledgeFileId: string;
  uploadPath: string;
  /** An image Alice inserted into a markdown file. */
  imagePath: string;
  attachmentPath: string;
  projectId: string;
  projectChatId: string;
  sandboxId: string;
  groupInviteCode: string;
  groupInviteId: string;
  /** Analysed files of the group (a document and a recording), their results and Alice's feedback. */
  analysis: AnalysisWorld;
  /** Every id and name of organization A that an outsider must never see. */
  secrets: string[];
}

export const SECRET_TEXT = "Marmalade-Ostrich-4417";

async function attach(user: TestUser, chatId: string): Promise<string> {
  const form = new FormData();
  form.append("file", new File([`${SECRET_TEXT} attachment`], "plan.txt", { type: "text/plain" }));
  const res = await workerFetch(`${ORIGIN}/api/chat-attachments?chatId=${chatId}`, {
    method: "POST",
    headers: { authorization: `Bearer ${user.token}`, origin: ORIGIN },
    body: form,
  });
  const json: any = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json.data.fileUrl;
}

export async function buildWorld(): Promise<World> {
  const alice = await signUp("Alice Zephyrine");
  const amy = await signUp("Amy Quillfeather");
  const bob = await signUp("Bob Outsider");
  const stranger = await signUp("Sam Stranger");
  const orgA = await orgOf(alice);
  const orgB = await orgOf(bob);
  const orgInviteCode = await inviteCodeOf(alice, orgA);
  expect((await call("/api/organizations/join", { token: amy.token, body: { inviteCode: orgInviteCode } })).status).toBe(200);

  const vireId = await newVire(alice, "Nimbus Larkspur");
  const groupId = await createGroup(alice, [amy], [vireId], "Quasar Blueprint");
  const privateChat = await openPrivate(alice, amy.id);
  expect(privateChat.status).toBe(200);
  const sock = await connect(groupId, alice);
  const ack = await send(sock, `${SECRET_TEXT} in the group`);
  sock.close();
  // The message reaches D1 (mirror, chat's last message) later; before the attacks, not during them.
  await flushMirror(groupId, 1);

  const baseId = await newBase(alice, vireId, "Orchid Ledger");
  const doc = await addDocument(alice, baseId, "orchid.txt", `${SECRET_TEXT} knowledge`);
  const uploadPath = await upload(alice, "private-notes.txt", `${SECRET_TEXT} upload`);
  const attachmentPath = await attach(alice, groupId);
  const imagePath = (await uploadImage(alice, IMAGES.png.bytes, "diagram.png", "image/png")).json.data.url as string;

  await addCodingAgent(alice, "Cobalt Engineer");
  const project = await newProject(alice, "Tangerine Reactor");
  const sandbox = await call("/api/sandbox", { token: alice.token, body: {} });
  expect(sandbox.status, JSON.stringify(sandbox.json)).toBe(200);
  // Its poll job (a queue message) moves it to active a moment later; a snapshot taken before then
  // would count that as a change an attack made.
  const sandboxRow = () => env.DB.prepare("SELECT status FROM sandbox WHERE id = ?").bind(sandbox.json.data.data.sandbox_id).first<{ status: string }>();
  await waitUntil(async () => (await sandboxRow())?.status === "active", "the sandbox to become active", 30_000);
  const invite = await call("/api/group-invites", { token: alice.token, body: { chatId: groupId, inviteeEmail: "carol-invitee@example.com" } });
  expect(invite.status, JSON.stringify(invite.json)).toBe(200);
  // Its mail is delivered by a queue job; with a mail server set, wait for that, so it does not count as an attack's change.
  if (env.SMTP_HOST) {
    const mail = () =>
      env.DB.prepare("SELECT status FROM mail_outbox WHERE dedupe_key = ?").bind(`group_invite:${invite.json.data.id}`).first<{ status: string }>();
    await waitUntil(async () => ["sent", "failed"].includes((await mail())?.status ?? ""), "the group invitation's mail to be delivered", 60_000);
  }

  const analysis = await analysedWorld(alice, groupId);

  const w: Omit<World, "secrets"> = {
    alice,
    aliceSessionId: (await env.DB.prepare("SELECT id FROM session WHERE token = ?").bind(rawToken(alice.token)).first<{ id: string }>())!.id,
    amy,
    bob,
    stranger,
    orgA,
    orgB,
    orgInviteCode,
    groupId,
    privateChatId: privateChat.json.data.chatId,
    messageId: ack.message_id,
    vireId,
    baseId,
    knowledgeFileId: doc.id,
    uploadPath,
    imagePath,
    attachmentPath,
    projectId: project.projectId,
    projectChatId: project.chatId,
    sandboxId: sandbox.json.data.data.sandbox_id,
    groupInviteCode: invite.json.data.inviteCode,
    groupInviteId: invite.json.data.id,
    analysis,
  };
  const ids = [
    w.aliceSessionId,
    rawToken(alice.token),
    orgA,
    orgInviteCode,
    alice.id,
    amy.id,
    w.groupId,
    w.privateChatId,
    w.messageId,
    vireId,
    baseId,
    w.knowledgeFileId,
    w.projectId,
    w.projectChatId,
    w.sandboxId,
    w.groupInviteCode,
    w.groupInviteId,
    ...Object.values(analysis),
  ];
  const names = [
    "Zephyrine",
    "Quillfeather",
    "Nimbus Larkspur",
    "Quasar Blueprint",
    "Orchid Ledger",
    "Tangerine Reactor",
    "Cobalt Engineer",
    SECRET_TEXT,
    alice.email,
    amy.email,
    "carol-invitee",
  ];
  // An id missing from an answer would make the leak check look for "undefined".
  for (const id of ids) expect(typeof id === "string" && id.length > 8, `world id ${id}`).toBe(true);
  return { ...w, secrets: [...ids, ...names] };
}
