import { describe, expect, it } from "vitest";
import { historyRange, parseMergedForward } from "../../../../web/features/chat/model/mergedForward";

describe("parseMergedForward", () => {
  it("reads the merged-forward content and cuts previews to 3 messages of 50 characters", () => {
    const messages = [1, 2, 3, 4].map((n) => ({
      id: `m${n}`,
      content: `${"long ".repeat(20)}${n}`,
      senderName: `User ${n}`,
      timestamp: `2025-01-0${n}T10:00:00.000Z`,
    }));
    const content = parseMergedForward(
      JSON.stringify({
        type: "merged_forward",
        messageCount: 4,
        messages: [...messages, { id: "m5", content: "re", senderName: "Bob", timestamp: null, replyTo: { senderName: "Ann", content: "q" } }],
      }),
    );
    expect(content).not.toBeNull();
    expect(content!.messageCount).toBe(4);
    expect(content!.preview).toHaveLength(3);
    expect(content!.preview[0]!.content).toHaveLength(50);
    expect(content!.messages[4]!.replyTo).toEqual({ senderName: "Ann", content: "q" });
    expect(historyRange(content!)).toEqual({ from: "2025-01-01T10:00:00.000Z", to: "2025-01-04T10:00:00.000Z" });
  });

  it("uses the server's preview when present", () => {
    const content = parseMergedForward(
      JSON.stringify({ type: "merged_forward", messageCount: 1, preview: [{ id: "p", content: "short", senderName: "Ann" }], messages: [] }),
    );
    expect(content!.preview).toEqual([{ id: "p", content: "short", senderName: "Ann", timestamp: null }]);
  });

  it("returns null for anything unparsable, so nothing renders", () => {
    expect(parseMergedForward("not json")).toBeNull();
    expect(parseMergedForward(JSON.stringify({ type: "other" }))).toBeNull();
    expect(parseMergedForward("[]")).toBeNull();
  });
});
