import { env } from "cloudflare:test";
import { expect } from "vitest";
import { waitUntil } from "../chat-helpers";
import { call, type TestUser } from "../helpers";

/** `GET /api/mentions` as `user`: the list newest first and the unread count. */
export async function mentionsOf(user: TestUser): Promise<{ mentions: any[]; unread: number }> {
  const r = await call("/api/mentions", { token: user.token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data;
}

/** Waits until `user` holds a mention matching `predicate` (delivery runs after the send's ack), and returns the list. */
export async function waitForMention(user: TestUser, predicate: (m: any) => boolean, what = "a mention"): Promise<{ mentions: any[]; unread: number }> {
  let list = { mentions: [] as any[], unread: 0 };
  await waitUntil(async () => {
    list = await mentionsOf(user);
    return list.mentions.some(predicate);
  }, `${what} for ${user.name}`);
  return list;
}

export const withPreview = (preview: string) => (m: any) => m.messagePreview === preview;

/** The login name sign-up gave the user (the part of the e-mail before the @). */
export async function usernameOf(user: TestUser): Promise<string> {
  const row = await env.DB.prepare("SELECT username FROM user WHERE id = ?").bind(user.id).first<{ username: string }>();
  if (!row?.username) throw new Error(`${user.name} has no username`);
  return row.username;
}
