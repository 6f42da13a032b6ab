// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  APPROVAL_HIDE_MS,
  TODO_AUTO_HIDE_MS,
  type ApprovalRequest,
  type ServerFrame,
  type SessionUser,
  type TodoItem,
  type ToolCardDetails,
} from "../../../../contract";
import { onWorkspaceChanged } from "../../../../web/app/realtime/workspaceEvents";
import { initI18n } from "../../../../web/i18n";
import { msg } from "./fixtures";
import { click, groupChat, mountRoom, typeInto, type MountedRoom } from "./roomHarness";

const me: SessionUser = { id: "u1", name: "Ann Owner", email: "ann@example.com", image: null } as SessionUser;

let room: MountedRoom;
const $ = (testId: string) => room.container.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const text = () => room.container.textContent ?? "";

const todos = (updatedAt: string, ...statuses: TodoItem["status"][]): ServerFrame => ({
  type: "todo_list",
  chatId: "chat_1",
  updatedAt,
  items: statuses.map((status, i) => ({ id: `t${i + 1}`, description: `Step ${i + 1}`, status })),
});

const approval = (change: Partial<ApprovalRequest> = {}): ServerFrame => ({
  type: "approval_request",
  chatId: "chat_1",
  request: {
    messageId: "m_tool",
    content: "The agent wants to run run_command: npm test. Allow it?",
    timestamp: "2025-01-01T00:00:05.000Z",
    targetUserId: me.id,
    initiatorUserId: me.id,
    tool: "run_command",
    expiresAt: "2025-01-01T00:10:05.000Z",
    approved: null,
    decidedBy: null,
    decidedByName: null,
    decidedAt: null,
    outcome: null,
    ...change,
  },
});

const toolMessage = (details: Partial<ToolCardDetails>) =>
  msg("m_tool", 3, "2025-01-01T00:00:05.000Z", {
    chatType: 1,
    chat_type: 1,
    messageType: "status_update",
    isUserMessage: false,
    is_from_ai: true,
    sender: null,
    virtualSender: { id: "vire_1", name: "Ava", avatarUrl: null },
    agent_id: "vire_1",
    content: JSON.stringify({
      update_type: "tool_execution_result",
      content: {
        display_to_user: "run_command",
        details: { tool: "run_command", args: "npm test", status: "running", result: null, durationMs: null, approvalId: null, ...details },
      },
    }),
  });

const openTab = (name: RegExp) => click([...room.container.querySelectorAll('[role="tab"]')].find((tab) => name.test(tab.textContent ?? "")) ?? null);

async function send(message: string) {
  await typeInto($("composer-input") as HTMLTextAreaElement, message);
  await click($("composer-send"));
  // The send path awaits the agent status check before the frame goes out.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

beforeAll(() => {
  initI18n("en");
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  room.unmount();
  vi.useRealTimers();
  localStorage.clear();
});

describe("the todo list", () => {
  beforeEach(async () => {
    room = await mountRoom(me, groupChat(me, me.id));
  });

  it("floats on the agent tab with its progress, and completed items carry a check mark", async () => {
    expect($("todo-list")).toBeNull();
    await room.receive(todos("2025-01-01T00:00:01Z", "completed", "in_progress", "pending"));

    const panel = $("todo-list")!;
    expect(panel.textContent).toContain("Todo List");
    expect($("todo-subtitle")?.textContent).toBe("Tasks in Progress");
    expect($("todo-count")?.textContent).toBe("1/3 · 33%");
    expect(panel.querySelector('[role="progressbar"]')?.getAttribute("aria-valuenow")).toBe("33");
    expect($("todo-item-t1")?.querySelector('[data-testid="todo-check"]')).not.toBeNull();
    expect($("todo-item-t2")?.querySelector('[data-testid="todo-check"]')).toBeNull();
    expect($("todo-item-t3")?.querySelector('[data-testid="todo-check"]')).toBeNull();

    await openTab(/Discussion/);
    expect($("todo-list")).toBeNull();
    await openTab(/Team Agent/);
    expect($("todo-list")).not.toBeNull();
  });

  it("collapses, closes, and comes back when the agent updates the list (not when the same list is re-sent)", async () => {
    await room.receive(todos("v1", "in_progress", "pending"));
    const collapse = $("todo-collapse")!;
    expect(collapse.getAttribute("aria-expanded")).toBe("true");
    await click(collapse);
    expect(collapse.getAttribute("aria-expanded")).toBe("false");
    expect($("todo-list")?.querySelector("ol")?.hidden).toBe(true);

    await click($("todo-close"));
    expect($("todo-list")).toBeNull();
    await room.receive(todos("v1", "in_progress", "pending"));
    expect($("todo-list")).toBeNull();

    await room.receive(todos("v2", "completed", "in_progress"));
    expect($("todo-list")).not.toBeNull();
    expect($("todo-count")?.textContent).toBe("1/2 · 50%");
  });

  it("says all tasks are complete and hides itself five seconds later", async () => {
    await room.receive(todos("v1", "completed", "in_progress"));
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    await room.receive(todos("v2", "completed", "completed"));
    expect($("todo-subtitle")?.textContent).toBe("All Tasks Complete");
    expect($("todo-autohide")?.textContent).toBe("All tasks completed! Auto-hiding in 5 seconds...");

    await act(async () => vi.advanceTimersByTime(TODO_AUTO_HIDE_MS - 1));
    expect($("todo-list")).not.toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    expect($("todo-list")).toBeNull();
  });

  it("an empty list shows nothing", async () => {
    await room.receive(todos("v1", "pending"));
    await room.receive(todos("v2"));
    expect($("todo-list")).toBeNull();
  });
});

describe("the approval card", () => {
  beforeEach(async () => {
    room = await mountRoom(me, groupChat(me, me.id), [toolMessage({ status: "awaiting_approval", approvalId: "m_tool" })]);
    await vi.waitFor(() => expect($("tool-card-m_tool")).not.toBeNull());
  });

  it("asks its target, and Yes sends the decision once", async () => {
    await room.receive(approval());
    expect($("approval-content")?.textContent).toBe("The agent wants to run run_command: npm test. Allow it?");

    await click($("approval-yes"));
    expect(room.socket.frames("approval_decision")).toEqual([{ type: "approval_decision", messageId: "m_tool", approved: true }]);
    expect(($("approval-yes") as HTMLButtonElement).disabled).toBe(true);
    expect(($("approval-no") as HTMLButtonElement).disabled).toBe(true);
    await click($("approval-no"));
    expect(room.socket.frames("approval_decision")).toHaveLength(1);
  });

  it("shows the outcome once decided and hides shortly after", async () => {
    await room.receive(approval());
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    await room.receive(approval({ approved: false, outcome: "rejected", decidedBy: "u1", decidedByName: "Ann Owner", decidedAt: "2025-01-01T00:00:09.000Z" }));
    expect($("approval-outcome")?.textContent).toBe("Rejected by Ann Owner");
    expect($("approval-yes")).toBeNull();

    await act(async () => vi.advanceTimersByTime(APPROVAL_HIDE_MS));
    expect($("approval-card")).toBeNull();
  });

  it("a request that was already decided when it arrives does not show", async () => {
    await room.receive(approval({ approved: true, outcome: "approved", decidedBy: "u1", decidedByName: "Ann Owner", decidedAt: "2025-01-01T00:00:09.000Z" }));
    expect($("approval-card")).toBeNull();
  });

  it("'yes' typed in the composer answers the card instead of becoming a message", async () => {
    await room.receive(approval());
    await send("  YES ");
    expect(room.socket.frames("approval_decision")).toEqual([{ type: "approval_decision", messageId: "m_tool", approved: true }]);
    expect(room.socket.frames("chat_message")).toHaveLength(0);
    expect(($("composer-input") as HTMLTextAreaElement).value).toBe("");
    expect(($("approval-yes") as HTMLButtonElement).disabled).toBe(true);
  });

  it("'否' typed in the composer rejects", async () => {
    await room.receive(approval());
    await send("否");
    expect(room.socket.frames("approval_decision")).toEqual([{ type: "approval_decision", messageId: "m_tool", approved: false }]);
  });

  it("other text hides the card and goes out as a message", async () => {
    await room.receive(approval());
    await send("yes please, but use the test script");
    expect($("approval-card")).toBeNull();
    expect(room.socket.frames("approval_decision")).toHaveLength(0);
    expect(room.socket.frames("chat_message")).toHaveLength(1);
    expect(text()).toContain("yes please, but use the test script");
  });

  it("shows only on the agent tab", async () => {
    await room.receive(approval());
    await openTab(/Discussion/);
    expect($("approval-card")).toBeNull();
    await send("yes");
    expect(room.socket.frames("approval_decision")).toHaveLength(0);
    expect(room.socket.frames("chat_message")).toHaveLength(1);
  });

  it("closes when the room refuses the answer", async () => {
    await room.receive(approval());
    await click($("approval-yes"));
    await room.receive({ type: "error", error: "This request has already been answered" });
    expect($("approval-card")).toBeNull();
  });
});

describe("another member", () => {
  beforeEach(async () => {
    room = await mountRoom(me, groupChat(me, "u2"), [toolMessage({ status: "awaiting_approval", approvalId: "m_tool" })]);
    await vi.waitFor(() => expect($("tool-card-m_tool")).not.toBeNull());
  });

  it("sees no card, only the tool card awaiting approval, and typing 'yes' answers nothing", async () => {
    await room.receive(approval({ targetUserId: "u2", initiatorUserId: "u2" }));
    expect($("approval-card")).toBeNull();
    expect($("tool-status-m_tool")?.textContent).toBe("Awaiting approval");
    await send("yes");
    expect(room.socket.frames("approval_decision")).toHaveLength(0);
  });

  it("gets the card when control moves to them", async () => {
    await room.receive(approval({ targetUserId: "u2" }));
    expect($("approval-card")).toBeNull();
    await room.receive(approval({ targetUserId: me.id }));
    expect($("approval-card")).not.toBeNull();
  });
});

describe("tool cards", () => {
  beforeEach(async () => {
    room = await mountRoom(me, groupChat(me, me.id), [toolMessage({ status: "running" })]);
    await vi.waitFor(() => expect($("tool-card-m_tool")).not.toBeNull());
  });

  it("show the tool running, then done with its result and duration", async () => {
    const card = $("tool-card-m_tool")!;
    expect(card.textContent).toContain("run_command");
    expect(card.textContent).toContain("npm test");
    expect($("tool-status-m_tool")?.textContent).toBe("Running");
    expect(card.querySelector(".spinner")).not.toBeNull();
    expect($("tool-duration-m_tool")).toBeNull();

    await room.receive({ type: "message_updated", message: toolMessage({ status: "done", result: "12 tests passed", durationMs: 1234 }) });
    expect($("tool-status-m_tool")?.textContent).toBe("Done");
    expect($("tool-duration-m_tool")?.textContent).toBe("1.2 s");
    expect($("tool-result-m_tool")?.textContent).toBe("12 tests passed");
    expect($("tool-card-m_tool")?.querySelector(".spinner")).toBeNull();
    expect($("tool-card-m_tool")?.getAttribute("aria-label")).toBe("Tool run_command: Done");
  });

  it("show a rejected tool as rejected", async () => {
    await room.receive({
      type: "message_updated",
      message: toolMessage({ status: "rejected", result: "Rejected: the tool did not run.", durationMs: 40 }),
    });
    expect($("tool-status-m_tool")?.textContent).toBe("Rejected");
    expect($("tool-duration-m_tool")?.textContent).toBe("40 ms");
  });
});

describe("workspace changes", () => {
  beforeEach(async () => {
    room = await mountRoom(me, groupChat(me, me.id));
  });

  it("are passed on to whoever listens (the workspace refreshes)", async () => {
    const heard: unknown[] = [];
    const stop = onWorkspaceChanged((frame) => heard.push(frame));
    const frame: ServerFrame = { type: "workspace_changed", chatId: "chat_1", projectId: "proj_1", paths: ["src/app.ts"], git: false };
    await room.receive(frame);
    stop();
    await room.receive({ ...frame, paths: ["README.md"] });
    expect(heard).toEqual([frame]);
  });
});
