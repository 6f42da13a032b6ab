// @vitest-environment happy-dom
import { createElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { NotificationAction, NotificationsAnswer, SystemNotification } from "../../../contract";
import { NotificationsButton } from "../../../web/features/notifications/NotificationsButton";
import { click, find, get, pageText, startHarness, type Call, type Harness } from "../people/peopleHarness";

const accept: NotificationAction = {
  id: "accept",
  type: "approve",
  label: "Join",
  variant: "primary",
  method: "POST",
  apiEndpoint: "/api/group-invites/code123/accept",
  payload: { chatId: "chat_1" },
};
const reject: NotificationAction = {
  id: "reject",
  type: "reject",
  label: "Decline",
  variant: "danger",
  method: "DELETE",
  apiEndpoint: "/api/presenter-requests/preq_1",
  payload: {},
};

function item(id: string, actions: NotificationAction[], over: Partial<SystemNotification> = {}): SystemNotification {
  return {
    id,
    type: "email_group_join_request",
    title: "Group invitation",
    content: "",
    priority: "normal",
    data: { chatId: "chat_1", chatName: "Garden", actorName: "Alice" },
    actions,
    requiresConfirmation: actions.length > 0,
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
  vi.restoreAllMocks();
});

/** The Worker as the panel sees it: one page of notifications; actions are recorded as the real route does. */
function serve(list: SystemNotification[], unreadCount = list.filter((n) => !n.read).length) {
  return (call: Call): unknown => {
    if (call.method === "GET" && call.path === "/api/notifications")
      return { notifications: list, unreadCount, nextCursor: null, hasMore: false } satisfies NotificationsAnswer;
    const acted = /^\/api\/notifications\/([^/]+)\/action$/.exec(call.path);
    if (acted) {
      const body = call.body as { status: string; actionLabel: string; responseMessage?: string };
      const n = list.find((x) => x.id === acted[1])!;
      const record = {
        actionType: body.status,
        actionLabel: body.actionLabel,
        operatorName: "Bob",
        timestamp: new Date().toISOString(),
        responseMessage: body.responseMessage,
      };
      return { notification: { ...n, read: true, actionStatus: body.status, actionRecord: record } };
    }
    if (call.path === "/api/group-invites/code123/accept") return { systemNotificationData: { action: "group_invite_accepted", chatName: "Garden" } };
    if (call.path === "/api/presenter-requests/preq_1") return {};
    if (call.path === "/api/group-chats") return { chats: [] };
    return undefined;
  };
}

const actionCalls = (h: Harness) => h.calls.filter((c) => c.method !== "GET").map((c) => ({ method: c.method, path: c.path, body: c.body }));

describe("the system notifications panel", () => {
  it("shows the unread badge capped at 99 and the notification in the reader's words", async () => {
    harness = startHarness(serve([item("n1", [])], 150));
    await harness.show(createElement(NotificationsButton));
    expect(get("system-notifications-badge").textContent).toBe("99+");
    expect(get("system-notifications-bell").getAttribute("aria-label")).toBe("System notifications (150 unread)");
    await click("system-notifications-bell");
    expect(pageText()).toContain("Alice invited you to join the group Garden.");
  });

  it("an action button calls its endpoint with the payload and then shows the outcome instead of the buttons", async () => {
    harness = startHarness(serve([item("n1", [accept, reject])]));
    await harness.show(createElement(NotificationsButton));
    await click("system-notifications-bell");
    await click("notification-action-accept");
    expect(actionCalls(harness)).toEqual([
      { method: "POST", path: "/api/group-invites/code123/accept", body: { chatId: "chat_1" } },
      { method: "POST", path: "/api/notifications/n1/action", body: { status: "group_invite_accepted", actionLabel: "Join" } },
    ]);
    expect(get("notification-outcome").textContent).toContain("Invitation accepted by Bob");
    expect(find("notification-action-accept")).toBeNull();
    expect(find("system-notifications-badge")).toBeNull();
  });

  it("a DELETE button asks for a rejection reason and sends it; cancelling sends nothing", async () => {
    harness = startHarness(serve([item("n1", [accept, reject])]));
    await harness.show(createElement(NotificationsButton));
    await click("system-notifications-bell");
    const prompt = vi.fn<(message?: string) => string | null>().mockReturnValueOnce(null).mockReturnValueOnce("no room left");
    window.prompt = prompt;
    await click("notification-action-reject");
    expect(prompt).toHaveBeenCalledWith("Enter rejection reason (optional):");
    expect(actionCalls(harness)).toEqual([]);
    await click("notification-action-reject");
    expect(actionCalls(harness)).toEqual([
      { method: "DELETE", path: "/api/presenter-requests/preq_1", body: { responseMessage: "no room left" } },
      { method: "POST", path: "/api/notifications/n1/action", body: { status: "rejected", actionLabel: "Decline", responseMessage: "no room left" } },
    ]);
    expect(get("notification-outcome").textContent).toContain("Rejected by Bob");
    expect(get("notification-outcome").textContent).toContain("Reason: no room left");
  });

  it("a button that points outside this site's API is refused without any call", async () => {
    const evil = { ...accept, id: "evil", apiEndpoint: "https://evil.example/api/steal" };
    harness = startHarness(serve([item("n1", [evil])]));
    await harness.show(createElement(NotificationsButton));
    await click("system-notifications-bell");
    await click("notification-action-evil");
    expect(actionCalls(harness)).toEqual([]);
    expect(pageText()).toContain("This action was blocked");
  });

  it("mark read sends the call and clears the badge", async () => {
    harness = startHarness((call) => (call.path === "/api/notifications/n1/read" ? { id: "n1", unreadCount: 0 } : serve([item("n1", [])])(call)));
    await harness.show(createElement(NotificationsButton));
    expect(get("system-notifications-badge").textContent).toBe("1");
    await click("system-notifications-bell");
    await click("notification-mark-read");
    expect(actionCalls(harness)).toEqual([{ method: "POST", path: "/api/notifications/n1/read", body: {} }]);
    expect(find("system-notifications-badge")).toBeNull();
  });
});
