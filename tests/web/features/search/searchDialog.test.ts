// @vitest-environment happy-dom
import { act } from "react";
import { mutate } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CHAT_LIST_KEY } from "../../../../web/app/realtime/chatListCache";
import { clearJump, useJumpStore } from "../../../../web/app/session/jump";
import { clearSelection, getSelection, selectChat } from "../../../../web/app/session/selection";
import { clearSearchHistory, readSearchHistory } from "../../../../web/features/search/history";
import type { Harness } from "../../people/peopleHarness";
import { answer, click, fail, find, get, hit, key, pageText, press, path, rows, searches, settle, showSearch, typeInto, type Call } from "./searchHarness";

let harness: Harness | undefined;
let route: (call: Call) => unknown;

beforeEach(() => {
  route = () => undefined;
});

afterEach(() => {
  vi.useRealTimers();
  harness?.unmount();
  harness = undefined;
  clearSearchHistory();
  clearJump();
  clearSelection();
});

async function open(options: { lang?: "en" | "zh"; at?: string } = {}) {
  harness = await showSearch((call) => route(call), options);
  await click("open-search");
  expect(find("search-dialog")).not.toBeNull();
}

async function searchNow(text: string) {
  await typeInto("search-input", text);
  await key("search-input", { key: "Enter" });
  await settle();
}

const mixed = answer({
  messages: [
    hit("message", "m1", {
      chatId: "chat_launch",
      name: "Launch",
      content: "deploy plan",
      highlightedContent: "deploy <mark>plan</mark>",
      metadata: { senderName: "Bob", chatType: 1 },
    }),
    hit("message", "m2", {
      chatId: "chat_launch",
      name: "Launch",
      content: "plan B",
      highlightedContent: "<mark>plan</mark> B",
      metadata: { senderName: "Ann", chatType: 0 },
    }),
  ],
  contacts: [hit("contact", "u_planner", { name: "Pat Planner", highlightedName: "Pat <mark>Plan</mark>ner", metadata: { role: "PM", contactType: "human" } })],
  groups: [
    hit("group", "g1", {
      chatId: "chat_g1",
      name: "Plan group",
      highlightedName: "<mark>Plan</mark> group",
      participants: 4,
      metadata: { participantCount: 4 },
    }),
  ],
});

describe("global search dialog", () => {
  it("opens with Ctrl+K or Cmd+K anywhere and puts the caret in the field; Escape closes it", async () => {
    harness = await showSearch(() => undefined);
    expect(find("search-dialog")).toBeNull();
    await act(async () => void document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "k", ctrlKey: true, bubbles: true, cancelable: true })));
    await settle(1); // the dialog's code loads on first use
    expect(find("search-dialog")).not.toBeNull();
    expect(document.activeElement).toBe(get("search-input"));
    expect(get("search-input").getAttribute("aria-label")).toBe("Search messages, contacts and groups");
    await key("search-input", { key: "Escape" });
    expect(find("search-dialog")).toBeNull();
    await act(async () => void document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "K", metaKey: true, bubbles: true, cancelable: true })));
    expect(find("search-dialog")).not.toBeNull();
  });

  it("waits 2 seconds after typing before it asks the server, but Enter asks at once", async () => {
    route = (call) => (call.path === "/api/search" ? mixed : undefined);
    await open();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

    await typeInto("search-input", "pl");
    await advance(1000);
    await typeInto("search-input", "plan");
    expect(get("search-hint").textContent).toBe("Press Enter to search now.");
    await advance(1999);
    expect(searches(harness!.calls)).toHaveLength(0);
    await advance(1);
    await advance(50);
    expect(searches(harness!.calls)).toHaveLength(1);
    expect(Object.fromEntries(searches(harness!.calls)[0]!.query)).toEqual({ query: "plan", type: "all", limit: "50", sort: "newest" });
    expect(rows()).toEqual(["message-m1", "message-m2", "contact-u_planner", "group-g1"]);

    await typeInto("search-input", "deploy");
    await press("search-input", { key: "Enter" });
    await advance(50);
    expect(searches(harness!.calls).map((call) => call.query.get("query"))).toEqual(["plan", "deploy"]);
    // The debounce of the typing before Enter does not ask a second time.
    await advance(3000);
    expect(searches(harness!.calls)).toHaveLength(2);
  });

  it("shows every kind under All and one kind per tab, with counts, and renders only <mark> from highlights", async () => {
    route = (call) => (call.path === "/api/search" ? mixed : undefined);
    await open();
    await searchNow("plan");
    expect(get("search-tab-count-all").textContent).toContain("4");
    expect(get("search-tab-count-messages").textContent).toContain("2");
    expect(get("search-tab-count-contacts").textContent).toContain("1");
    expect(get("search-tab-count-groups").textContent).toContain("1");
    const contact = get("search-result-contact-u_planner");
    expect(contact.querySelector("mark")?.textContent).toBe("Plan");
    expect(contact.textContent).toContain("Contact");

    await click("search-tab-messages");
    expect(get("search-tab-messages").getAttribute("aria-selected")).toBe("true");
    expect(rows()).toEqual(["message-m1", "message-m2"]);
    expect(get("search-result-message-m1").textContent).toContain("Bob: deploy plan");
    await click("search-tab-groups");
    expect(rows()).toEqual(["group-g1"]);
    await click("search-tab-contacts");
    expect(rows()).toEqual(["contact-u_planner"]);
  });

  it("neutralises markup a highlight should never carry", async () => {
    const hostile = hit("message", "m_x", {
      content: "x",
      highlightedName: '<img src=x onerror="window.__pwned=1">Team',
      highlightedContent: '<mark onclick="alert(1)">a</mark><script>window.__pwned=1</script><mark>ok</mark>',
    });
    route = (call) => (call.path === "/api/search" ? answer({ messages: [hostile] }) : undefined);
    await open();
    await searchNow("ok");
    const row = get("search-result-message-m_x");
    expect(row.querySelector("img, script")).toBeNull();
    expect([...row.querySelectorAll("mark")].map((m) => [m.textContent, m.attributes.length])).toEqual([["ok", 0]]);
    expect(row.textContent).toContain('<img src=x onerror="window.__pwned=1">Team');
  });

  it("says 'No Results Found' for an empty answer", async () => {
    route = (call) => (call.path === "/api/search" ? answer({}) : undefined);
    await open();
    await searchNow("zzz");
    expect(get("search-no-results").textContent).toBe("No Results Found");
    expect(rows()).toEqual([]);
  });

  it("shows the failure with Retry, and Retry asks again", async () => {
    let failing = true;
    route = (call) => (call.path === "/api/search" ? (failing ? fail(500, "Internal Server Error") : mixed) : undefined);
    await open();
    await searchNow("plan");
    expect(get("search-error").textContent).toContain("Search failed, please try again later");
    expect(rows()).toEqual([]);
    failing = false;
    await click("search-retry");
    await settle();
    expect(find("search-error")).toBeNull();
    expect(rows()).toHaveLength(4);
    expect(searches(harness!.calls)).toHaveLength(2);
  });

  it("says the failure in Chinese in the Chinese interface", async () => {
    route = (call) => (call.path === "/api/search" ? fail(503, "down") : undefined);
    await open({ lang: "zh", at: "/zh/home" });
    await searchNow("计划");
    expect(get("search-error").textContent).toContain("搜索失败，请稍后重试");
    expect(get("search-retry").textContent).toBe("重试");
  });

  it("keeps searches as history chips (ten at most) that search again, and clears them", async () => {
    route = (call) => (call.path === "/api/search" ? answer({}) : undefined);
    await open();
    for (let i = 1; i <= 11; i += 1) await searchNow(`topic ${i}`);
    await typeInto("search-input", "");
    const chips = () => [...document.querySelectorAll("[data-testid='search-history-chip']")].map((chip) => chip.textContent);
    expect(chips()).toHaveLength(10);
    expect(chips()[0]).toBe("topic 11");
    expect(chips()).not.toContain("topic 1");

    await click(document.querySelectorAll<HTMLElement>("[data-testid='search-history-chip']")[2]!);
    await settle();
    expect(searches(harness!.calls).at(-1)!.query.get("query")).toBe("topic 9");
    expect((get("search-input") as HTMLInputElement).value).toBe("topic 9");

    await typeInto("search-input", "");
    await click("search-history-clear");
    expect(find("search-history")).toBeNull();
    expect(readSearchHistory()).toEqual([]);
  });

  it("moves through results with the arrow keys and opens the chosen group with Enter, with its project", async () => {
    route = (call) => (call.path === "/api/search" ? mixed : undefined);
    await open();
    await mutate(CHAT_LIST_KEY, { chats: [{ id: "chat_g1", project_id: "proj_9" }] }, { revalidate: false });
    await searchNow("plan");
    const input = get("search-input");
    await key("search-input", { key: "ArrowDown" });
    expect(input.getAttribute("aria-activedescendant")).toBe(get("search-result-message-m1").id);
    await key("search-input", { key: "ArrowUp" });
    expect(input.getAttribute("aria-activedescendant")).toBe(get("search-result-group-g1").id);
    expect(get("search-result-group-g1").getAttribute("aria-selected")).toBe("true");
    await key("search-input", { key: "Enter" });
    expect(getSelection()).toEqual({ chatId: "chat_g1", projectId: "proj_9" });
    expect(find("search-dialog")).toBeNull();
    expect(searches(harness!.calls)).toHaveLength(1);
  });

  it("searches, not opens, on Enter once the text changed after moving through results", async () => {
    route = (call) => (call.path === "/api/search" ? mixed : undefined);
    await open();
    await searchNow("plan");
    await key("search-input", { key: "ArrowDown" });
    await typeInto("search-input", "plans");
    expect(get("search-input").getAttribute("aria-activedescendant")).toBeNull();
    await key("search-input", { key: "Enter" });
    await settle();
    expect(searches(harness!.calls).map((call) => call.query.get("query"))).toEqual(["plan", "plans"]);
    expect(find("search-dialog")).not.toBeNull();
    expect(getSelection().chatId).toBeNull();
  });

  it("opens a message at its tab through the jump bridge", async () => {
    route = (call) => (call.path === "/api/search" ? mixed : undefined);
    await open();
    await searchNow("plan");
    await click("search-result-message-m1");
    expect(getSelection().chatId).toBe("chat_launch");
    expect(useJumpStore.getState().target).toEqual({ chatId: "chat_launch", messageId: "m1", chatType: 1 });
    expect(find("search-dialog")).toBeNull();
  });

  it("starts the private chat with a contact who has none, and says when it already existed", async () => {
    route = (call) => {
      if (call.path === "/api/search") return mixed;
      if (call.path === "/api/private-chats") return { chatId: "chat_pat", existing: true, name: "Pat Planner" };
      if (call.path === "/api/group-chats") return { chats: [] };
      return undefined;
    };
    await open();
    await searchNow("plan");
    await click("search-tab-contacts");
    await key("search-input", { key: "ArrowDown" });
    await key("search-input", { key: "Enter" });
    await settle();
    const post = harness!.calls.find((call) => call.path === "/api/private-chats");
    expect(post?.body).toEqual({ participantId: "u_planner", participantType: "user", organizationId: "org_1" });
    expect(getSelection().chatId).toBe("chat_pat");
    expect(pageText()).toContain("Opened existing chat with Pat Planner");
  });

  it("closes the Contacts screen when the chosen chat is the one already open", async () => {
    selectChat("chat_g1");
    route = (call) => (call.path === "/api/search" ? mixed : undefined);
    await open({ at: "/en/home?chatId=chat_g1&view=contacts" });
    await searchNow("plan");
    await click("search-result-group-g1");
    expect(path()).toBe("/en/home?chatId=chat_g1");
  });

  it("re-asks in best-match order, and loads further messages with the cursor", async () => {
    route = (call) => {
      if (call.path !== "/api/search") return undefined;
      if (call.query.get("cursor") === "c2")
        return answer({ messages: [hit("message", "m2"), hit("message", "m3", { content: "third" })], contacts: [], groups: [], nextCursor: null });
      return answer({ messages: [hit("message", "m1"), hit("message", "m2")], nextCursor: "c2" });
    };
    await open();
    await searchNow("plan");
    await click("search-sort-best");
    await settle();
    expect(searches(harness!.calls).map((call) => call.query.get("sort"))).toEqual(["newest", "best"]);
    expect(get("search-sort-best").getAttribute("aria-pressed")).toBe("true");

    await click("search-tab-messages");
    expect(get("search-tab-count-messages").textContent).toContain("2+");
    await click("search-load-more");
    await settle();
    const more = searches(harness!.calls).at(-1)!;
    expect(Object.fromEntries(more.query)).toEqual({ query: "plan", type: "messages", limit: "50", sort: "best", cursor: "c2" });
    expect(rows()).toEqual(["message-m1", "message-m2", "message-m3"]);
    expect(find("search-load-more")).toBeNull();
  });
});
