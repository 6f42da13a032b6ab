import { runInDurableObject } from "cloudflare:test";
import { room } from "../chat-helpers";
import type { TestUser } from "../helpers";

/**
 * Writes `count` messages straight into a room's SQLite in one statement (10,000 socket sends would
 * take minutes). They are marked mirrored so the D1 mirror does not copy them. Returns their ids.
 */
export async function seedMessages(chatId: string, sender: TestUser, count: number, chatType: 0 | 1 = 0): Promise<string[]> {
  const prefix = `msg_seed_${crypto.randomUUID().slice(0, 8)}_`;
  await runInDurableObject(room(chatId), async (_room, state) => {
    state.storage.sql.exec(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO messages (id, chat_type, sender_id, sender_name, sender_type, message_type, content, created_at, mirrored)
       SELECT ? || i, ?, ?, ?, 'user', 'chat', 'seeded ' || i, ?, 1 FROM n`,
      count,
      prefix,
      chatType,
      sender.id,
      sender.name,
      Date.now(),
    );
  });
  return Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);
}
