import { describe, expect, it } from "vitest";
import { countsKey, groupReplies } from "../../../web/features/chat/agent/model/grouping";
import type { UiMessage } from "../../../web/features/chat/model/types";
import { msg } from "../features/chat/fixtures";

const agent = (id: string, seq: number, type: UiMessage["messageType"] = "ai_response") =>
  msg(id, seq, undefined, { messageType: type, isUserMessage: false, is_from_ai: true, sender: null });
const user = (id: string, seq: number) => msg(id, seq, undefined, { messageType: "user_request" });

describe("agent replies grouped under the request before them (spec 02 §2.13)", () => {
  const list = [agent("a0", 1), user("q1", 2), agent("s1", 3, "status_update"), agent("a1", 4), user("q2", 5), agent("a2", 6, "system_alert")];

  it("counts the agent rows after each user message; rows before any request stand alone", () => {
    const { visible, counts } = groupReplies(list, new Set());
    expect(visible.map((m) => m.id)).toEqual(list.map((m) => m.id));
    expect([...counts]).toEqual([
      ["q1", 2],
      ["q2", 1],
    ]);
    expect(countsKey(counts)).toBe("q1:2;q2:1;");
  });

  it("a collapsed request hides its replies but keeps the count", () => {
    const { visible, counts } = groupReplies(list, new Set(["q1"]));
    expect(visible.map((m) => m.id)).toEqual(["a0", "q1", "q2", "a2"]);
    expect(counts.get("q1")).toBe(2);
  });

  it("permission cards are not replies", () => {
    const card = msg("card", 7, undefined, {
      messageType: "system_alert",
      isUserMessage: false,
      content: JSON.stringify({ type: "presenter_request", actions: [] }),
    });
    const { counts } = groupReplies([user("q", 1), card], new Set());
    expect(counts.size).toBe(0);
  });
});
