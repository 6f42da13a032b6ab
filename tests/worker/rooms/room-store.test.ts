import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { room } from "../chat-helpers";
import { RoomStore, type NewMessage } from "../../../worker/rooms/chat-room/store";
import type { RoomMember } from "../../../worker/rooms/chat-room/types";

/** What the room's SQLite reports reading and writing, per statement, as billed on Cloudflare. */
interface Counts {
  read: number;
  written: number;
}

/** The room's real SqlStorage, with the rows every statement read and wrote added up in `counts`. */
function counting(sql: SqlStorage, counts: Counts): SqlStorage {
  return new Proxy(sql, {
    get(target, key) {
      if (key !== "exec") return Reflect.get(target, key, target) as unknown;
      return (query: string, ...bindings: unknown[]) => {
        const cursor = target.exec(query, ...bindings);
        const toArray = cursor.toArray.bind(cursor);
        const one = cursor.one.bind(cursor);
        const count = <T>(result: T): T => {
          counts.read += cursor.rowsRead;
          counts.written += cursor.rowsWritten;
          return result;
        };
        return Object.assign(cursor, { toArray: () => count(toArray()), one: () => count(one()) });
      };
    },
  });
}

const alice: RoomMember = { id: "usr_alice", name: "Alice", image: null, type: "user" };

function message(id: string, over: Partial<NewMessage> = {}): NewMessage {
  return {
    id,
    chatType: 0,
    visibleTo: null,
    sender: alice,
    messageType: "chat",
    content: JSON.stringify({ text: id }),
    attachments: "[]",
    replyToId: null,
    createdAt: Date.now(),
    ...over,
  };
}

/** Runs `body` on a fresh room's own SQLite, through a store that counts its reads and writes. */
function inFreshRoom<T>(body: (store: RoomStore, counts: Counts, sql: SqlStorage) => T): Promise<T> {
  return runInDurableObject(room(`store_${crypto.randomUUID()}`), (_instance, state) => {
    const counts: Counts = { read: 0, written: 0 };
    const sql = counting(state.storage.sql, counts);
    return body(new RoomStore(sql), counts, state.storage.sql);
  });
}

/** `count` ask-only messages of other members in stream 2, in one statement. */
function seedOthersAsking(sql: SqlStorage, count: number): void {
  sql.exec(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO messages (id, chat_type, visible_to, sender_id, sender_name, sender_type, message_type, content, created_at, mirrored)
     SELECT 'msg_other_' || i, 2, 'usr_other_' || (i % 50), 'usr_other_' || (i % 50), 'Other', 'user', 'chat', '{}', 0, 1 FROM n`,
    count,
  );
}

describe("room store: what a message costs the room's SQLite", () => {
  it("storing a chat message writes the row and its two lookups (id, viewer), and nothing for the mirror until it is sent", async () => {
    const written = await inFreshRoom((store, counts) => {
      store.insertIfNew(message("msg_warm"));
      counts.written = 0;
      store.insertIfNew(message("msg_one"));
      return counts.written;
    });
    // The row, the id index and the viewer index (plus AUTOINCREMENT's counter): a stream index or an
    // index of unmirrored rows would each add one more written row to every send.
    expect(written).toBeLessThanOrEqual(4);
  });

  it("an insert's row, built from what it bound, is the row the room reads back; a taken id stores nothing", async () => {
    const { rows, read, again } = await inFreshRoom((store) => {
      const card = message("msg_card", { visibleTo: alice.id, keepOutOfMirror: true, replyToId: "msg_x", attachments: '[{"name":"a"}]' });
      const rows = [
        store.insertIfNew(message("msg_plain")),
        store.insert(message("msg_reply", { streaming: true, messageType: "ai_response" })),
        store.insertIfNew(card),
      ];
      return { rows, read: rows.map((row) => store.byId(row!.id)), again: store.insertIfNew(message("msg_plain", { content: "other" })) };
    });
    expect(rows.map((row) => row?.seq)).toEqual([1, 2, 3]);
    expect(rows).toEqual(read);
    expect(again).toBeNull();
  });

  it("a member's reads pass only the rows asked for, however many ask-only messages others have", async () => {
    const reads = await inFreshRoom((store, counts, sql) => {
      for (let i = 0; i < 30; i++) store.insertIfNew(message(`msg_pub_${i}`, { chatType: 2 }));
      seedOthersAsking(sql, 3000);
      for (let i = 0; i < 5; i++) store.insertIfNew(message(`msg_mine_${i}`, { chatType: 2, visibleTo: alice.id }));
      const measure = (read: () => unknown[]) => {
        counts.read = 0;
        const rows = read().length;
        return { rows, read: counts.read };
      };
      return {
        page: measure(() => store.page(alice.id, 2, Number.MAX_SAFE_INTEGER, 20).rows),
        after: measure(() => store.streamAfter(alice.id, 2, 0, 20)),
        recent: measure(() => store.recent(alice.id, 2, Number.MAX_SAFE_INTEGER, 20)),
        byIds: measure(() => store.byIds(["msg_pub_3", "msg_mine_1", "msg_other_7"], alice.id)),
      };
    });
    expect(reads.page.rows).toBe(20);
    expect(reads.after.rows).toBe(20);
    expect(reads.recent.rows).toBe(20);
    // Another member's ask-only message is not Alice's to read.
    expect(reads.byIds.rows).toBe(2);
    // Each stream read takes up to `limit` (+1 for hasMore) rows from each half; the 3,000 others never.
    for (const { read } of [reads.page, reads.after, reads.recent]) expect(read).toBeLessThanOrEqual(60);
    expect(reads.byIds.read).toBeLessThanOrEqual(20);
  });
});

describe("room store: the mirror's watermark", () => {
  it("hands each finished message to the mirror once: new rows, then a reply that ended after the watermark passed it; never an owner-only card", async () => {
    const sent = await inFreshRoom((store) => {
      const flush = () => {
        const pending = store.mirrorPending(100);
        store.mirrorSent(pending.late, pending.through);
        return [...pending.late, ...pending.fresh].map((r) => r.id);
      };
      store.insertIfNew(message("msg_question"));
      store.insertIfNew(message("msg_reply", { sender: { ...alice, id: "vire_1", type: "virtual_employee" }, streaming: true }));
      store.insertIfNew(message("msg_card", { visibleTo: alice.id, keepOutOfMirror: true }));
      store.insertIfNew(message("msg_after"));
      const first = flush();
      const idle = flush();
      store.saveContent("msg_reply", JSON.stringify({ text: "done" }), true);
      const second = flush();
      const third = flush();
      return { first, idle, second, third };
    });
    expect(sent.first).toEqual(["msg_question", "msg_after"]);
    expect(sent.idle).toEqual([]);
    expect(sent.second).toEqual(["msg_reply"]);
    expect(sent.third).toEqual([]);
  });

  it("a room from before the watermark sends what it had not sent yet, and nothing it had", async () => {
    const sent = await inFreshRoom((_store, _counts, sql) => {
      // The old layout: no watermark, a row is 1 once sent.
      sql.exec("DELETE FROM meta");
      sql.exec("CREATE INDEX messages_unmirrored ON messages(seq) WHERE mirrored = 0");
      for (const [id, mirrored] of [
        ["msg_old_sent", 1],
        ["msg_old_waiting", 0],
        ["msg_old_sent_too", 1],
        ["msg_old_waiting_too", 0],
      ] as const)
        sql.exec(
          "INSERT INTO messages (id, chat_type, sender_name, sender_type, message_type, content, created_at, mirrored) VALUES (?, 0, 'A', 'user', 'chat', '{}', 0, ?)",
          id,
          mirrored,
        );
      const store = new RoomStore(sql);
      const pending = store.mirrorPending(100);
      const indexes = sql.exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'messages_unmirrored'").toArray();
      return { ids: [...pending.late, ...pending.fresh].map((r) => r.id), indexes: indexes.length };
    });
    expect(sent.ids).toEqual(["msg_old_waiting", "msg_old_waiting_too"]);
    expect(sent.indexes).toBe(0);
  });
});
