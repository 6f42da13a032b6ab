import { describe, expect, it } from "vitest";
import { filterRecipients, forwardBody, forwardMessageType, forwardSummary, type ForwardRecipient } from "../../../../web/features/chat/model/forward";

const r = (id: string, kind: ForwardRecipient["kind"], name = id, detail: string | null = null): ForwardRecipient => ({
  id,
  name,
  kind,
  avatarUrl: null,
  detail,
});

describe("forwarding", () => {
  it("is private when every recipient is an individual, otherwise group", () => {
    expect(forwardMessageType([r("u1", "user"), r("v1", "virtual_employee")])).toBe("private");
    expect(forwardMessageType([r("u1", "user"), r("g1", "group")])).toBe("group");
    expect(forwardMessageType([r("g1", "group")])).toBe("group");
  });

  it("builds the POST /api/forward-messages body", () => {
    expect(forwardBody(["m1", "m2"], [r("u1", "user"), r("g1", "group")], "chat_1")).toEqual({
      messageIds: ["m1", "m2"],
      recipients: [
        { id: "u1", type: "user" },
        { id: "g1", type: "group" },
      ],
      messageType: "group",
      sourceChatId: "chat_1",
    });
  });

  it("searches names and details, case-insensitively", () => {
    const list = [r("u1", "user", "Ada Lovelace", "ada@example.com"), r("g1", "group", "Design Team"), r("v1", "virtual_employee", "Coder", "Engineer")];
    expect(filterRecipients(list, "ADA").map((x) => x.id)).toEqual(["u1"]);
    expect(filterRecipients(list, "engineer").map((x) => x.id)).toEqual(["v1"]);
    expect(filterRecipients(list, "  ")).toHaveLength(3);
  });

  it("summarises the first 6 messages and counts the rest", () => {
    expect(forwardSummary([1, 2, 3])).toEqual({ shown: [1, 2, 3], more: 0 });
    expect(forwardSummary([1, 2, 3, 4, 5, 6, 7, 8, 9])).toEqual({ shown: [1, 2, 3, 4, 5, 6], more: 3 });
  });
});
