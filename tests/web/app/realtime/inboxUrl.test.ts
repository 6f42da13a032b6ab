import { describe, expect, it, vi } from "vitest";
import { streamOnOpen, streamsThatGrew, streamsToMark, withStreamsRead } from "../../../../web/app/realtime/chatListCache";
import { readInboxFrame } from "../../../../web/app/realtime/inboxFrames";
import { inboxUrl } from "../../../../web/app/realtime/inboxUrl";

describe("inbox socket address", () => {
  it("uses wss on https and ws on http, on the page's host", () => {
    expect(inboxUrl({ protocol: "https:", host: "chat.example.com" }, null)).toBe("wss://chat.example.com/api/inbox/ws");
    expect(inboxUrl({ protocol: "http:", host: "localhost:8787" }, null)).toBe("ws://localhost:8787/api/inbox/ws");
  });

  it("carries the bearer token as ?token= when there is one", () => {
    expect(inboxUrl({ protocol: "https:", host: "a.test" }, "t o/k+en")).toBe("wss://a.test/api/inbox/ws?token=t+o%2Fk%2Ben");
  });
});

describe("inbox frames", () => {
  it("accepts the known frames", () => {
    expect(readInboxFrame(JSON.stringify({ type: "group_remove", chatId: "c1", reason: "left" }))).toEqual({
      type: "group_remove",
      chatId: "c1",
      reason: "left",
    });
    expect(readInboxFrame(JSON.stringify({ type: "refresh_organizations" }))).toEqual({ type: "refresh_organizations" });
  });

  it("drops junk, unknown types and frames missing their chat", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(readInboxFrame("not json")).toBeNull();
    expect(readInboxFrame(JSON.stringify({ type: "something_else", chatId: "c" }))).toBeNull();
    expect(readInboxFrame(JSON.stringify({ type: "member_add" }))).toBeNull();
    expect(readInboxFrame(JSON.stringify({ type: "group_add" }))).toBeNull();
    expect(readInboxFrame(new ArrayBuffer(2))).toBeNull();
  });
});

describe("mark-read streams", () => {
  it("marks the streams that have unread messages", () => {
    expect(streamsToMark({ total: 3, agent: 3, human: 0, lastReadAt: null })).toEqual([1]);
    expect(streamsToMark({ total: 2, agent: 0, human: 2, lastReadAt: null })).toEqual([0]);
    expect(streamsToMark({ total: 5, agent: 2, human: 3, lastReadAt: null })).toEqual([1, 0]);
  });

  it("still tells the server about the visit when nothing is unread", () => {
    expect(streamsToMark({ total: 0, agent: 0, human: 0, lastReadAt: null })).toEqual([1]);
    expect(streamsToMark(undefined)).toEqual([1]);
  });
});

describe("reading on open", () => {
  it("reads the agent tab of chats with tabs and the people stream of the others", () => {
    expect(streamOnOpen({ chatType: "single_group" })).toBe(1);
    expect(streamOnOpen({ chatType: "virtual_employee" })).toBe(1);
    expect(streamOnOpen({ chatType: "human_group" })).toBe(0);
    expect(streamOnOpen({ chatType: "real_person" })).toBe(0);
  });

  it("clears only the streams read", () => {
    const counts = { total: 5, agent: 2, human: 3, lastReadAt: null };
    expect(withStreamsRead(counts, [1])).toMatchObject({ total: 3, agent: 0, human: 3 });
    expect(withStreamsRead(counts, [0, 1])).toMatchObject({ total: 0, agent: 0, human: 0 });
  });

  it("marks the stream a new message arrived in", () => {
    const before = { total: 1, agent: 1, human: 0, lastReadAt: null };
    expect(streamsThatGrew(before, { total: 2, agent: 1, human: 1, lastReadAt: null })).toEqual([0]);
    expect(streamsThatGrew(before, { total: 2, agent: 2, human: 0, lastReadAt: null })).toEqual([1]);
  });
});
