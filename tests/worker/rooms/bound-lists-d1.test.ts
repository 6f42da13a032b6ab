import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createGroupCall, team } from "../chat-helpers";
import { call, type TestUser } from "../helpers";

/** `count` colleagues written straight into D1 and joined to the organization (sign-ups are slow). */
async function colleagues(orgId: string, count: number): Promise<TestUser[]> {
  const prefix = `u_bulk_${crypto.randomUUID().slice(0, 8)}_`;
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO user (id, name, email, created_at, updated_at, current_org_id) SELECT ? || i, 'Colleague ' || i, ? || i || '@example.com', ?, ?, ? FROM n`,
    ).bind(count, prefix, prefix, now, now, orgId),
    env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO organization_member (org_id, user_id, joined_at) SELECT ?, ? || i, ? FROM n`,
    ).bind(count, orgId, prefix, now),
  ]);
  return Array.from({ length: count }, (_, i) => ({ id: `${prefix}${i + 1}` }) as TestUser);
}

const participantCount = async (chatId: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM chat_participant WHERE chat_id = ?").bind(chatId).first<{ n: number }>())!.n;

const notificationsOf = async (userIds: string[], type: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM notification WHERE type = ? AND user_id IN (SELECT value FROM json_each(?))")
    .bind(type, JSON.stringify(userIds))
    .first<{ n: number }>())!.n;

/** The same class of bug in D1: lists a request controls (up to 500 members) never bind one `?` each. */
describe("D1 statements with member lists of any length", () => {
  it("creates a group of 150, removes 120 of them and adds them back", async () => {
    const { admin, orgId } = await team();
    const many = await colleagues(orgId, 150);
    const created = await createGroupCall(admin, many, [], "Town Hall");
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const chatId = created.json.data.groupChat.id;
    expect(await participantCount(chatId)).toBe(151);

    const leaving = many.slice(0, 120).map((u) => u.id);
    const path = `/api/group-chats/${chatId}/participants`;
    const removed = await call(path, { method: "DELETE", token: admin.token, body: { participantIds: leaving, participantType: "user" } });
    expect(removed.status, JSON.stringify(removed.json)).toBe(200);
    expect(await participantCount(chatId)).toBe(31);
    // Each of them is told, however many: the notifications go in as many statements as the limit needs.
    expect(await notificationsOf(leaving, "remove_from_group")).toBe(120);

    const added = await call(path, { token: admin.token, body: { participantIds: leaving, participantType: "user" } });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    expect(await participantCount(chatId)).toBe(151);
    expect(await notificationsOf(leaving, "direct_group_join")).toBe(120);
  }, 30_000);
});
