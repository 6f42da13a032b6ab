// @vitest-environment happy-dom
import { createElement } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { systemChatId, type NotificationAction, type NotificationsAnswer, type SystemNotification } from "../../../contract";
import { useSelectionStore } from "../../../web/app/session/selection";
import { NotificationsButton } from "../../../web/features/notifications/NotificationsButton";
import { SystemChat } from "../../../web/features/notifications/SystemChat";
import { SystemChatRow } from "../../../web/features/notifications/SystemChatRow";
import { withArrived } from "../../../web/features/notifications/notificationsCache";
import { click, find, get, pageText, startHarness, type Call, type Harness } from "../people/peopleHarness";

const join: NotificationAction = {
  id: "accept",
  type: "approve",
  label: "Join",
  variant: "primary",
  method: "POST",
  apiEndpoint: "/api/group-invites/c/accept",
  payload: {},
};

function note(id: string, over: Partial<SystemNotification> = {}): SystemNotification {
  return {
    id,
    type: "direct_group_join",
    title: "Added to group",
    content: "",
    priority: "normal",
    data: { chatId: "chat_1", chatName: "Garden", actorName: "Alice" },
    actions: [],
    requiresConfirmation: false,
    actionStatus: null,
    actionRecord: null,
    read: false,
    createdAt: new Date().toISOString(),
    ...over,
  };
}

let harness: Harness | null = null;
afterEach(() => {
  harness?.unmount();
  harness = null;
  useSelectionStore.setState({ chatId: null, projectId: null });
});

function serve(list: SystemNotification[]) {
  let unread = list.filter((n) => !n.read).length;
  return (call: Call): unknown => {
    if (call.method === "GET" && call.path === "/api/notifications")
      return { notifications: list, unreadCount: unread, nextCursor: null, hasMore: false } satisfies NotificationsAnswer;
    if (call.path === "/api/notifications/read-all") {
      unread = 0;
      return { unreadCount: 0 };
    }
    return undefined;
  };
}

describe("the system chat", () => {
  it("has no entry in the chat list until the user has a notification", async () => {
    harness = startHarness(serve([]));
    await harness.show(createElement(SystemChatRow, { userId: "u1", selected: false, compact: false }));
    expect(find("chat-row-system")).toBeNull();
  });

  it("shows the newest notification and the unread count in the chat list, and opens the system chat", async () => {
    const newest = note("n2", { type: "remove_from_group", title: "Removed from group" });
    harness = startHarness(serve([newest, note("n1")]));
    await harness.show(createElement(SystemChatRow, { userId: "u1", selected: false, compact: false }));
    const row = get("chat-row-system");
    expect(row.textContent).toContain("System notifications");
    expect(row.textContent).toContain("Removed from group");
    expect(row.getAttribute("aria-label")).toBe("System notifications (2 unread)");
    await click("chat-row-system");
    expect(useSelectionStore.getState().chatId).toBe(systemChatId("u1"));
  });

  it("lists the notifications with their buttons, in Chinese too, and what it shows counts as read", async () => {
    harness = startHarness(serve([note("n1", { type: "email_group_join_request", actions: [join] })]));
    await harness.show(createElement(SystemChat), { lang: "zh" });
    expect(get("system-chat").textContent).toContain("Alice 邀请你加入群组 Garden");
    // The server names the button "Join"; the reader sees it in their language.
    expect(get("notification-action-accept").textContent).toBe("加入");
    expect(harness.calls.some((c) => c.method === "POST" && c.path === "/api/notifications/read-all")).toBe(true);
  });

  it("words a control transfer request with the person who would get control", async () => {
    const transfer = note("n1", { type: "presenter_request", data: { chatName: "Garden", actorName: "Bob", targetName: "Carol", requestId: "preq_1" } });
    harness = startHarness(serve([transfer]));
    await harness.show(createElement(NotificationsButton));
    await click("system-notifications-bell");
    expect(pageText()).toContain("Bob wants to hand control of the agent in Garden to Carol.");
  });
});

describe("a notification arriving again", () => {
  it("replaces the listed one (its outcome was recorded elsewhere) without counting it twice", () => {
    const list: NotificationsAnswer = { notifications: [note("n1")], unreadCount: 1, nextCursor: null, hasMore: false };
    const settled = note("n1", { read: true, actionStatus: "approved" });
    expect(withArrived(list, settled)).toMatchObject({ unreadCount: 0, notifications: [{ id: "n1", actionStatus: "approved" }] });
    expect(withArrived(list, note("n2"))?.notifications.map((n) => n.id)).toEqual(["n2", "n1"]);
  });
});
