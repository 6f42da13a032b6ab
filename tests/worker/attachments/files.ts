import { workerFetch } from "../worker-fetch";
import { ORIGIN, type TestUser } from "../helpers";
import { createGroup, team } from "../chat-helpers";

/** `POST /api/chat-attachments?chatId=` with the file as the multipart field `file`, as the composer sends it. */
export async function uploadAttachment(u: TestUser, chatId: string, file: File) {
  const form = new FormData();
  form.append("file", file);
  const res = await workerFetch(`${ORIGIN}/api/chat-attachments?chatId=${chatId}`, {
    method: "POST",
    headers: { authorization: `Bearer ${u.token}`, origin: ORIGIN },
    body: form,
  });
  const json: any = await res.json();
  return { status: res.status, json };
}

/** A GET of one of our file URLs, signed in as `u` (or signed out), with extra headers such as Range. */
export function fetchFile(url: string, u: TestUser | null, headers: Record<string, string> = {}) {
  return workerFetch(`${ORIGIN}${url}`, { headers: { ...headers, ...(u ? { authorization: `Bearer ${u.token}` } : {}) } });
}

export async function groupOfTwo() {
  const { admin, members } = await team("Bob");
  return { alice: admin, bob: members[0]!, chatId: await createGroup(admin, members) };
}
