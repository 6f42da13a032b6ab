import { describe, expect, it } from "vitest";
import { compareMessages, maxSeq, mergeMessages, withReplyPreviews } from "../../../../web/features/chat/model/merge";
import { msg } from "./fixtures";

const ids = (list: { id: string }[]) => list.map((m) => m.id);

describe("mergeMessages", () => {
  it("never duplicates a message that arrives twice (history, replay and live broadcast)", () => {
    const list = mergeMessages([msg("a", 1), msg("b", 2)], [msg("b", 2), msg("c", 3)]);
    expect(ids(mergeMessages(list, [msg("c", 3), msg("a", 1)]))).toEqual(["a", "b", "c"]);
  });

  it("keeps the stream sorted by seq whatever order messages arrive in", () => {
    expect(ids(mergeMessages([msg("c", 30)], [msg("a", 10), msg("d", 40), msg("b", 20)]))).toEqual(["a", "b", "c", "d"]);
  });

  it("puts optimistic messages (no seq yet) after stored ones, oldest first", () => {
    const list = mergeMessages(
      [],
      [msg("mine2", 0, "2025-01-01T00:00:05.000Z"), msg("mine1", 0, "2025-01-01T00:00:04.000Z"), msg("other", 9, "2025-01-01T00:00:06.000Z")],
    );
    expect(ids(list)).toEqual(["other", "mine1", "mine2"]);
  });

  it("replaces an optimistic copy with the stored one, which is no longer pending", () => {
    const optimistic = msg("mine", 0, "2025-01-01T00:00:04.000Z", {
      pending: true,
      replyToMessageId: "a",
      replyToMessage: { id: "a", content: "hello", senderName: "Bob" },
    });
    const stored = msg("mine", 12, "2025-01-01T00:00:04.500Z", { replyToMessageId: "a", replyToMessage: null });
    const [merged] = mergeMessages([optimistic], [stored]);
    expect(merged).toMatchObject({ seq: 12, pending: false, createdAt: "2025-01-01T00:00:04.500Z", replyToMessage: { senderName: "Bob" } });
  });

  it("orders equal seqs by creation time", () => {
    expect(compareMessages(msg("x", 0, "2025-01-01T00:00:01Z"), msg("y", 0, "2025-01-01T00:00:02Z"))).toBeLessThan(0);
    expect(maxSeq([msg("a", 3), msg("b", 0), msg("c", 7)])).toBe(7);
  });
});

describe("withReplyPreviews", () => {
  it("fills the reply preview of a live message from the loaded original", () => {
    const original = msg("orig", 1, undefined, { content: "x".repeat(150), sender: { id: "u2", name: "Bob", image: null } });
    const [reply] = withReplyPreviews([original], [msg("r", 2, undefined, { replyToMessageId: "orig" })]);
    expect(reply!.replyToMessage).toEqual({ id: "orig", content: "x".repeat(100), senderName: "Bob" });
    const [unknown] = withReplyPreviews([], [msg("r2", 3, undefined, { replyToMessageId: "gone" })]);
    expect(unknown!.replyToMessage).toBeNull();
  });
});
