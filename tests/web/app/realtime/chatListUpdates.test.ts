import { describe, expect, it } from "vitest";
import { sortByActivity, withChatAdded, withChatPatched, withoutChat, withUnread } from "../../../../web/app/realtime/chatListUpdates";
import { chat } from "../../features/chat-list/chatFactory";

const at = (iso: string) => ({ lastMessageAt: iso, lastMessageTime: iso });

describe("chat list updates from the inbox", () => {
  it("group_add inserts the chat as active with nothing unread, newest first", () => {
    const list = { chats: [chat("old", at("2025-01-01T10:00:00Z"))] };
    const added = withChatAdded(list, chat("new", { ...at("2025-02-01T10:00:00Z"), unread: { total: 4, agent: 1, human: 3, lastReadAt: null } }));
    expect(added.chats.map((c) => c.id)).toEqual(["new", "old"]);
    expect(added.chats[0]!.unread).toEqual({ total: 0, agent: 0, human: 0, lastReadAt: null });
    expect(added.chats[0]!.status).toBe("active");
  });

  it("group_add replaces a stale copy instead of duplicating it", () => {
    const list = { chats: [chat("a", { name: "Old name" })] };
    const added = withChatAdded(list, chat("a", { name: "New name" }));
    expect(added.chats).toHaveLength(1);
    expect(added.chats[0]!.name).toBe("New name");
  });

  it("group_add works before the list has loaded", () => {
    expect(withChatAdded(undefined, chat("a")).chats.map((c) => c.id)).toEqual(["a"]);
  });

  it("group_remove drops the chat", () => {
    expect(withoutChat({ chats: [chat("a"), chat("b")] }, "a")?.chats.map((c) => c.id)).toEqual(["b"]);
    expect(withoutChat(undefined, "a")).toBeUndefined();
  });

  it("has_unread_msg sets counts and the last message and moves the chat up", () => {
    const list = { chats: [chat("a", at("2025-03-01T00:00:00Z")), chat("b", at("2025-02-01T00:00:00Z"))] };
    const updated = withUnread(list, "b", {
      unread: { total: 2, agent: 0, human: 2, lastReadAt: null },
      lastMessage: "hello",
      lastMessageAt: "2025-04-01T00:00:00Z",
    });
    expect(updated?.chats.map((c) => c.id)).toEqual(["b", "a"]);
    expect(updated?.chats[0]).toMatchObject({ lastMessage: "hello", lastMessageAt: "2025-04-01T00:00:00Z", unread: { total: 2 } });
  });

  it("has_unread_msg for an unknown chat leaves the list alone", () => {
    const list = { chats: [chat("a")] };
    expect(withUnread(list, "zzz", { unread: { total: 1, agent: 1, human: 0, lastReadAt: null } })).toBe(list);
  });

  it("patches a chat's name in place", () => {
    const patched = withChatPatched({ chats: [chat("a"), chat("b")] }, "b", { name: "Renamed" });
    expect(patched?.chats.map((c) => c.name)).toEqual(["Chat a", "Renamed"]);
  });

  it("orders by last message, falling back to creation time", () => {
    const chats = [chat("quiet", { createdAt: "2025-05-01T00:00:00Z" }), chat("busy", at("2025-06-01T00:00:00Z")), chat("older", at("2025-01-01T00:00:00Z"))];
    expect(sortByActivity(chats).map((c) => c.id)).toEqual(["busy", "quiet", "older"]);
  });
});
