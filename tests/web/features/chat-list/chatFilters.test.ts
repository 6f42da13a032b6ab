import { describe, expect, it } from "vitest";
import {
  collapsedLayout,
  isAgentChat,
  matchesQuery,
  selectionStep,
  stepSelection,
  unreadSummary,
  visibleChats,
} from "../../../../web/features/chat-list/chatFilters";
import { agentChat, chat, person, vire } from "./chatFactory";

const unread = (total: number, agent = 0, human = total - agent) => ({ total, agent, human, lastReadAt: null });

describe("agent and human chats", () => {
  it("counts a chat as an agent chat when a virtual employee takes part", () => {
    expect(isAgentChat(agentChat("a"))).toBe(true);
    expect(isAgentChat(chat("p", { type: "private_virtual", is_group: false, chatType: "virtual_employee", participants: [person("me"), vire("v")] }))).toBe(
      true,
    );
    // Even when the summary flags are missing, the participants tell.
    expect(isAgentChat(chat("g", { participants: [person("me"), vire("v")] }))).toBe(true);
  });

  it("counts a chat of people only as human", () => {
    expect(isAgentChat(chat("h"))).toBe(false);
    expect(isAgentChat(chat("p", { type: "private_human", is_group: false, chatType: "real_person" }))).toBe(false);
  });

  it("filters by tab and search together", () => {
    const chats = [agentChat("a", { name: "Build bot" }), chat("h", { name: "Lunch crew" }), chat("h2", { name: "Build review" })];
    expect(visibleChats(chats, "all", "").map((c) => c.id)).toEqual(["a", "h", "h2"]);
    expect(visibleChats(chats, "agent", "").map((c) => c.id)).toEqual(["a"]);
    expect(visibleChats(chats, "human", "").map((c) => c.id)).toEqual(["h", "h2"]);
    expect(visibleChats(chats, "human", "  BUILD ").map((c) => c.id)).toEqual(["h2"]);
    expect(visibleChats(chats, "agent", "lunch")).toEqual([]);
  });

  it("finds a chat by its owner or a participant as well as its name", () => {
    const c = chat("x", { name: "Roadmap", chatOwnerName: "Grace Hopper", participants: [person("me"), person("ada", { name: "Ada Lovelace" })] });
    expect(matchesQuery(c, "grace")).toBe(true);
    expect(matchesQuery(c, "lovelace")).toBe(true);
    expect(matchesQuery(c, "turing")).toBe(false);
  });
});

describe("unread summary", () => {
  it("sums unread messages per tab", () => {
    const chats = [agentChat("a", { unread: unread(3, 3) }), chat("h", { unread: unread(2) }), chat("quiet")];
    expect(unreadSummary(chats)).toEqual({ all: 5, agent: 3, human: 2 });
  });

  it("has no dots when everything is read", () => {
    expect(unreadSummary([agentChat("a"), chat("h")])).toEqual({ all: 0, agent: 0, human: 0 });
    expect(unreadSummary([])).toEqual({ all: 0, agent: 0, human: 0 });
  });
});

describe("collapsed sidebar", () => {
  it("shows every avatar when they all fit", () => {
    expect(collapsedLayout(5, 44 * 5, 44)).toEqual({ visible: 5, overflow: 0 });
    expect(collapsedLayout(0, 500, 44)).toEqual({ visible: 0, overflow: 0 });
  });

  it("keeps one slot for the +N button when they do not", () => {
    expect(collapsedLayout(10, 44 * 5, 44)).toEqual({ visible: 4, overflow: 6 });
    expect(collapsedLayout(10, 44 * 5 + 30, 44)).toEqual({ visible: 4, overflow: 6 });
  });

  it("never shows fewer than three avatars", () => {
    expect(collapsedLayout(10, 44, 44)).toEqual({ visible: 3, overflow: 7 });
    expect(collapsedLayout(3, 0, 44)).toEqual({ visible: 3, overflow: 0 });
    expect(collapsedLayout(4, 0, 44)).toEqual({ visible: 3, overflow: 1 });
  });

  it("shows everything before the space is measured", () => {
    expect(collapsedLayout(12, Number.POSITIVE_INFINITY, 44)).toEqual({ visible: 12, overflow: 0 });
  });
});

describe("keyboard selection", () => {
  const ids = ["a", "b", "c"];
  it("maps arrows and w/s to steps", () => {
    expect(selectionStep("ArrowDown")).toBe(1);
    expect(selectionStep("s")).toBe(1);
    expect(selectionStep("ArrowUp")).toBe(-1);
    expect(selectionStep("W")).toBe(-1);
    expect(selectionStep("Enter")).toBeNull();
    expect(selectionStep("d")).toBeNull();
  });

  it("moves within the list and stops at its ends", () => {
    expect(stepSelection(ids, "a", 1)).toBe("b");
    expect(stepSelection(ids, "b", -1)).toBe("a");
    expect(stepSelection(ids, "c", 1)).toBe("c");
    expect(stepSelection(ids, "a", -1)).toBe("a");
  });

  it("starts from an end when nothing visible is selected", () => {
    expect(stepSelection(ids, null, 1)).toBe("a");
    expect(stepSelection(ids, "gone", -1)).toBe("c");
    expect(stepSelection([], null, 1)).toBeNull();
  });
});
