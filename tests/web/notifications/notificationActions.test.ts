import { beforeEach, describe, expect, it, vi } from "vitest";
import type { NotificationAction, NotificationsAnswer, SystemNotification } from "../../../contract";
import { resetClient } from "../../../web/app/api/client";
import { runNotificationAction, safeEndpoint } from "../../../web/features/notifications/notificationActions";
import { withArrived, withReplaced } from "../../../web/features/notifications/notificationsCache";
import { en } from "../../../web/i18n/en";
import { zh } from "../../../web/i18n/zh";
import { jsonResponse, memoryStorage, stubWindow } from "../browserStubs";

vi.mock("../../../web/ui/toast", () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() } }));

const ORIGIN = "http://localhost";
const ok = (data: unknown) => jsonResponse({ code: 200, data, message: "ok" });

function notification(actions: NotificationAction[], over: Partial<SystemNotification> = {}): SystemNotification {
  return {
    id: "ntf_1",
    type: "email_group_join_request",
    title: "Group invitation",
    content: "",
    priority: "normal",
    data: { chatId: "chat_1", chatName: "Garden" },
    actions,
    requiresConfirmation: true,
    actionStatus: null,
    actionRecord: null,
    read: false,
    createdAt: "2026-11-24T10:00:00.000Z",
    ...over,
  };
}

const accept: NotificationAction = {
  id: "accept",
  type: "accept",
  label: "Accept",
  variant: "primary",
  method: "POST",
  apiEndpoint: "/api/group-invites/code123/accept",
  payload: { chatId: "chat_1", chatName: "Garden", addBy: "u_alice", inviteeUserId: "u_bob" },
};
const reject: NotificationAction = {
  id: "reject",
  type: "reject",
  label: "Reject",
  variant: "danger",
  method: "DELETE",
  apiEndpoint: "/api/presenter-requests/preq_1",
  payload: { chatId: "chat_1" },
};

/** Every call the page made: method, path and JSON body. */
function calls(fetchMock: ReturnType<typeof vi.fn>) {
  return fetchMock.mock.calls.map(([url, init]) => {
    const i = init as RequestInit;
    return { method: i.method, url: String(url), body: i.body ? JSON.parse(String(i.body)) : undefined };
  });
}

function fetchAnswering(first: unknown) {
  return vi.fn(async (url: RequestInfo | URL) =>
    String(url).includes("/api/notifications/") ? ok({ notification: notification([], { actionStatus: "x" }) }) : ok(first),
  );
}

beforeEach(() => {
  resetClient();
  vi.stubGlobal("localStorage", memoryStorage());
  stubWindow("/home");
});

const deps = (prompt: (m: string) => string | null = () => "") => ({ origin: ORIGIN, prompt, rejectionPrompt: en.notifications.rejectionPrompt });

describe("action buttons of a system notification", () => {
  it("call the endpoint with the JSON payload, then record the outcome the answer names", async () => {
    const fetchMock = fetchAnswering({ systemNotificationData: { action: "group_invite_accepted", chatName: "Garden" } });
    vi.stubGlobal("fetch", fetchMock);
    const result = await runNotificationAction(notification([accept]), accept, deps());
    expect(result).toMatchObject({ kind: "done", status: "group_invite_accepted", systemNotificationData: { chatName: "Garden" } });
    expect(calls(fetchMock)).toEqual([
      { method: "POST", url: "/api/group-invites/code123/accept", body: accept.payload },
      { method: "POST", url: "/api/notifications/ntf_1/action", body: { status: "group_invite_accepted", actionLabel: "Accept" } },
    ]);
  });

  it("default to POST when the action names no method", async () => {
    const fetchMock = fetchAnswering(null);
    vi.stubGlobal("fetch", fetchMock);
    const { method: _, ...noMethod } = accept;
    await runNotificationAction(notification([]), { ...noMethod, type: "approve" } as NotificationAction, deps());
    expect(calls(fetchMock)[0]).toMatchObject({ method: "POST", url: accept.apiEndpoint });
    expect(calls(fetchMock)[1]?.body).toMatchObject({ status: "approved" });
  });

  it("a DELETE rejection first asks for a reason and sends it as responseMessage", async () => {
    const fetchMock = fetchAnswering({ systemNotificationData: { action: "rejected" } });
    vi.stubGlobal("fetch", fetchMock);
    const prompt = vi.fn(() => "  busy this week ");
    const result = await runNotificationAction(notification([accept, reject]), reject, deps(prompt));
    expect(prompt).toHaveBeenCalledWith("Enter rejection reason (optional):");
    expect(result).toMatchObject({ kind: "done", status: "rejected" });
    expect(calls(fetchMock)).toEqual([
      { method: "DELETE", url: "/api/presenter-requests/preq_1", body: { chatId: "chat_1", responseMessage: "busy this week" } },
      { method: "POST", url: "/api/notifications/ntf_1/action", body: { status: "rejected", actionLabel: "Reject", responseMessage: "busy this week" } },
    ]);
  });

  it("cancelling the rejection prompt aborts: nothing is sent", async () => {
    const fetchMock = fetchAnswering(null);
    vi.stubGlobal("fetch", fetchMock);
    expect(
      await runNotificationAction(
        notification([reject]),
        reject,
        deps(() => null),
      ),
    ).toEqual({ kind: "cancelled" });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("an empty reason still rejects, without a responseMessage in the record", async () => {
    const fetchMock = fetchAnswering({});
    vi.stubGlobal("fetch", fetchMock);
    await runNotificationAction(
      notification([reject]),
      reject,
      deps(() => ""),
    );
    expect(calls(fetchMock)[1]?.body).toEqual({ status: "rejected", actionLabel: "Reject" });
  });

  it.each([
    "https://evil.example/api/steal",
    "//evil.example/api/steal",
    "http://localhost.evil.example/api/x",
    "/\\evil.example/api/x",
    "javascript:alert(1)",
    "/auth/signin",
    "/api/../admin",
    "/api/%2e%2e/admin",
    "api/relative",
  ])("refuses the endpoint %s and calls nothing", async (apiEndpoint) => {
    const fetchMock = fetchAnswering(null);
    vi.stubGlobal("fetch", fetchMock);
    expect(await runNotificationAction(notification([]), { ...accept, apiEndpoint }, deps())).toEqual({ kind: "refused" });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("accepts same-origin API paths with a query", () => {
    expect(safeEndpoint("/api/friend-invites/abc/accept?x=1", ORIGIN)).toBe("/api/friend-invites/abc/accept?x=1");
  });

  it("the rejection prompt exists in English and Chinese", () => {
    expect(en.notifications.rejectionPrompt).toBe("Enter rejection reason (optional):");
    expect(zh.notifications.rejectionPrompt).not.toBe("");
  });
});

describe("the notifications list kept live", () => {
  const page = (n: SystemNotification[], unreadCount: number): NotificationsAnswer => ({ notifications: n, unreadCount, nextCursor: null, hasMore: false });

  it("puts an arrival on top, counts it unread once, and a repeat changes nothing", () => {
    const a = notification([], { id: "a" });
    const b = notification([], { id: "b" });
    const once = withArrived(page([a], 1), b);
    expect(once?.notifications.map((n) => n.id)).toEqual(["b", "a"]);
    expect(once?.unreadCount).toBe(2);
    expect(withArrived(once, b)).toEqual(once);
  });

  it("an answered notification replaces its old self and leaves the unread count when read", () => {
    const a = notification([accept], { id: "a" });
    const next = withReplaced(page([a], 1), { ...a, read: true, actionStatus: "approved" });
    expect(next).toMatchObject({ unreadCount: 0, notifications: [{ id: "a", actionStatus: "approved" }] });
  });
});
