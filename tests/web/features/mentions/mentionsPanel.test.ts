// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { getSelection, clearSelection } from "../../../../web/app/session/selection";
import { useJumpStore } from "../../../../web/app/session/jump";
import { click, find, get, pageText, fail } from "../../people/peopleHarness";
import { mention, showMentions, type MentionsServer } from "./mentionsHarness";

let server: MentionsServer | null = null;
afterEach(() => {
  server?.harness.unmount();
  server = null;
  clearSelection();
  useJumpStore.setState({ target: null });
});

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const entries = () => [...document.querySelectorAll('[data-testid^="mention-m"]')];
const title = () => document.querySelector('[data-testid="mentions-panel"] .modal__title')?.textContent;

describe("the Mentions panel (spec 01 §2, spec 03 §2.7)", () => {
  it("says 'No mentions yet' when there are none, and the button has no badge", async () => {
    server = await showMentions([]);
    expect(find("mentions-badge")).toBeNull();
    expect(get("mentions-button").getAttribute("aria-label")).toBe("Mentions");
    await click("mentions-button");
    expect(title()).toBe("Mentions (0 unread)");
    expect(get("mentions-empty").textContent).toBe("No mentions yet");
    expect(find("mentions-clear-all")).toBeNull();
  });

  it("lists mentions newest first with @everyone or @you, the sender, the preview, the chat and the time", async () => {
    server = await showMentions([
      mention("m2", { mentionType: "all", senderName: "Carol", messagePreview: "standup in five", chatName: "Ops", timestamp: minutesAgo(2) }),
      mention("m1", { read: true, timestamp: minutesAgo(90) }),
    ]);
    expect(get("mentions-badge").textContent).toBe("1");
    expect(get("mentions-button").getAttribute("aria-label")).toBe("Mentions (1 unread)");
    await click("mentions-button");
    expect(title()).toBe("Mentions (1 unread)");
    const [first, second] = entries();
    expect(first!.textContent).toContain("@everyone");
    expect(first!.textContent).toContain("Carol");
    expect(first!.textContent).toContain("standup in five");
    expect(first!.textContent).toContain("in Ops");
    expect(first!.textContent).toContain("2 minutes ago");
    expect(first!.querySelector('[aria-label="Unread"]')).not.toBeNull();
    expect(second!.textContent).toContain("@you");
    expect(second!.textContent).toContain("1 hour ago");
    expect(second!.querySelector('[aria-label="Unread"]')).toBeNull();
  });

  it("a failed load offers Retry, which loads the list", async () => {
    let failing = true;
    server = await showMentions([mention("m1")], (call) => (failing && call.path === "/api/mentions" ? fail(500, "boom") : undefined));
    await click("mentions-button");
    expect(pageText()).toContain("Could not load mentions");
    failing = false;
    await click([...document.querySelectorAll("button")].find((b) => b.textContent === "Retry")!);
    expect(entries()).toHaveLength(1);
  });

  it("'Mark all read' marks every mention read and clears the badge", async () => {
    server = await showMentions([mention("m2"), mention("m1")]);
    expect(get("mentions-badge").textContent).toBe("2");
    await click("mentions-button");
    await click("mentions-mark-all-read");
    expect(server.writes()).toEqual([{ method: "POST", path: "/api/mentions/read", body: {} }]);
    expect(find("mentions-badge")).toBeNull();
    expect(title()).toBe("Mentions (0 unread)");
    expect(entries().every((e) => e.querySelector('[aria-label="Unread"]') === null)).toBe(true);
  });

  it("'Clear all' asks first: cancel keeps the list, confirm empties it", async () => {
    server = await showMentions([mention("m2"), mention("m1")]);
    await click("mentions-button");
    await click("mentions-clear-all");
    expect(get("mentions-clear-dialog").textContent).toContain("Clear all mentions?");
    await click("mentions-clear-cancel");
    expect(server.writes()).toEqual([]);
    expect(entries()).toHaveLength(2);

    await click("mentions-clear-all");
    await click("mentions-clear-ok");
    expect(server.writes()).toEqual([{ method: "DELETE", path: "/api/mentions", body: null }]);
    expect(get("mentions-empty").textContent).toBe("No mentions yet");
    expect(find("mentions-badge")).toBeNull();
  });

  it("removing one entry deletes only that mention", async () => {
    server = await showMentions([mention("m2"), mention("m1")]);
    await click("mentions-button");
    await click(entries()[1]!.querySelector<HTMLElement>('[data-testid="mention-remove"]')!);
    expect(server.writes()).toEqual([{ method: "DELETE", path: "/api/mentions/m1", body: null }]);
    expect(entries().map((e) => e.getAttribute("data-testid"))).toEqual(["mention-m2"]);
    expect(get("mentions-badge").textContent).toBe("1");
  });

  it("opening an entry marks it read, closes the panel and jumps to the message on its tab", async () => {
    server = await showMentions([mention("m1", { chatId: "chat_ops", messageId: "msg_77", chatType: 1 })]);
    await click("mentions-button");
    await click(entries()[0]!.querySelector<HTMLElement>('[data-testid="mention-open"]')!);
    expect(server.writes()).toEqual([{ method: "POST", path: "/api/mentions/read", body: { ids: ["m1"] } }]);
    expect(useJumpStore.getState().target).toEqual({ chatId: "chat_ops", messageId: "msg_77", chatType: 1 });
    expect(getSelection().chatId).toBe("chat_ops");
    expect(find("mentions-panel")).toBeNull();
    expect(find("mentions-badge")).toBeNull();
  });

  it("speaks Chinese too", async () => {
    server = await showMentions([mention("m2", { mentionType: "all" }), mention("m1", { read: true })], undefined, "zh");
    await click("mentions-button");
    expect(title()).toBe("提及（1 条未读）");
    expect(entries()[0]!.textContent).toContain("@所有人");
    expect(entries()[1]!.textContent).toContain("@你");
    expect(get("mentions-mark-all-read").textContent).toBe("全部标为已读");
  });
});
