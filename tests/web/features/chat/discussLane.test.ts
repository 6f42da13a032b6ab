// @vitest-environment happy-dom
import { act, createElement } from "react";
import { createRoot, type Root } from "react-dom/client";
import { toast } from "sonner";
import { toastsReady } from "../../../../web/ui/toast";
import { ToastHost } from "../../../../web/ui/ToastHost";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { AGENT_TEXTS, discussRoomOf, type ServerFrame, type SessionUser } from "../../../../contract";
import { i18n, initI18n } from "../../../../web/i18n";
import { msg } from "./fixtures";
import { click, groupChat, mountRoom, typeInto, type MountedRoom } from "./roomHarness";

/** Ann is a member of Ben's group: she does not control the agent. */
const me: SessionUser = { id: "u1", name: "Ann Member", email: "ann@example.com", image: null } as SessionUser;
const ROOM = discussRoomOf("chat_1");

let room: MountedRoom | undefined;
let toasts: { root: Root; host: HTMLElement } | undefined;

const $ = (testId: string) => room!.container.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const row = (id: string) => $(`message-${id}`);
/** The reply's text while it is being written. */
const live = (id: string) => $(`reply-live-${id}`)?.textContent ?? null;
const toastTexts = () => [...document.querySelectorAll("[data-sonner-toast]")].map((t) => t.textContent ?? "");

/** A discussion message from Ben, as the room broadcasts it. */
const fromBen = (id: string, text: string): ServerFrame => ({
  type: "message",
  message: msg(id, 1, "2025-01-01T00:00:01.000Z", { content: text, sender: { id: "u2", name: "Ben", image: null } }),
});

/** The reply the room opens with the VIRE's first token. */
const replyOpened = (id: string, requestId: string): ServerFrame => ({
  type: "message",
  message: msg(id, 2, "2025-01-01T00:00:02.000Z", {
    content: "",
    messageType: "ai_response",
    isUserMessage: false,
    is_from_ai: true,
    sender: null,
    virtualSender: { id: "vire_1", name: "Ava", avatarUrl: null },
    agent_id: "vire_1",
    replyToMessageId: requestId,
    isStreamingMessage: true,
  }),
});

const token = (id: string, offset: number, chunk: string): ServerFrame => ({
  type: "streaming_message",
  room: ROOM,
  chat_type: 0,
  message_id: id,
  chunk,
  offset,
});
const status = (busy: boolean): ServerFrame => ({ type: "agent_status", room: ROOM, chat_type: 0, status: busy ? "busy" : "idle" });

async function openDiscussion(ownerId = "u2") {
  room = await mountRoom(me, groupChat(me, ownerId));
  await click($("chat-tab-discuss"));
  expect($("chat-tab-discuss")?.getAttribute("aria-selected")).toBe("true");
}

/** Ann sends a discussion message and the room takes it; returns its id. */
async function sendAndAck(text: string): Promise<string> {
  await typeInto($("composer-input") as HTMLTextAreaElement, text);
  await click($("composer-send"));
  await vi.waitFor(() => expect(room!.socket.frames("chat_message")).not.toHaveLength(0));
  const id = String(room!.socket.frames("chat_message").at(-1)!.message_id);
  await room!.receive({ type: "chat_ack", message_id: id, success: true, error: null, timestamp: "2025-01-01T00:00:03.000Z", seq: 3 });
  return id;
}

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

beforeEach(async () => {
  initI18n("en");
  await act(async () => void i18n.changeLanguage("en"));
  const host = document.createElement("div");
  document.body.append(host);
  const root = createRoot(host);
  await act(async () => root.render(createElement(ToastHost)));
  await act(() => toastsReady());
  toasts = { root, host };
});

afterEach(() => {
  room?.unmount();
  room = undefined;
  act(() => void toast.dismiss());
  act(() => toasts?.root.unmount());
  toasts?.host.remove();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("the VIRE answering a mention in the Discussion tab", () => {
  it("streams its answer live to the member who asked, who may pause it", async () => {
    await openDiscussion();
    const asked = await sendAndAck("@Ava what do you think?");
    await room!.receive(status(true));
    expect($("agent-generating")?.textContent).toBe("Agent Generating");

    await room!.receive(replyOpened("m_ai", asked));
    await room!.receive(token("m_ai", 0, "Echo: "));
    await vi.waitFor(() => expect(live("m_ai")).toContain("Echo:"));
    expect(live("m_ai")).not.toContain("what do");
    await room!.receive(token("m_ai", 6, "@Ava what do"));
    await vi.waitFor(() => expect(live("m_ai")).toContain("Echo: @Ava what do"));

    // Ann controls nothing, but this answer is hers to stop, in its own room.
    await click($("composer-pause"));
    expect(room!.socket.frames("pause_sse_v2")).toEqual([{ type: "pause_sse_v2", room: ROOM, userId: "u1", reason: "user_pause" }]);
    await room!.receive({ type: "sse_paused", room: ROOM, success: true, message_id: "m_ai" });
    expect($("composer-pause")).toBeNull();
    expect($("agent-generating")).toBeNull();
  });

  it("streams someone else's answer live too, without a pause button for a member who did not ask", async () => {
    await openDiscussion();
    await room!.receive(fromBen("m_ben", "@Ava summarise"));
    await room!.receive(status(true));
    await room!.receive(replyOpened("m_ai", "m_ben"));
    await room!.receive(token("m_ai", 0, "Echo: @Ava"));
    await vi.waitFor(() => expect(live("m_ai")).toContain("Echo: @Ava"));
    expect(live("m_ai")).not.toContain("summarise");
    await room!.receive(token("m_ai", 10, " summarise"));
    await vi.waitFor(() => expect(live("m_ai")).toContain("Echo: @Ava summarise"));
    expect($("agent-generating")).not.toBeNull();
    expect($("composer-pause")).toBeNull();

    // The answer belongs to the discussion: the other tabs neither show it nor say the agent is generating.
    await click($("chat-tab-agent"));
    expect(row("m_ai")).toBeNull();
    expect($("agent-generating")).toBeNull();
    await click($("chat-tab-discuss"));

    await room!.receive({ type: "streaming_done", room: ROOM, chat_type: 0, message_id: "m_ai" });
    await room!.receive({ type: "chat_done", room: ROOM, chat_type: 0, message_id: "m_ai" });
    await room!.receive(status(false));
    await vi.waitFor(() => expect(live("m_ai")).toBeNull());
    expect(row("m_ai")?.textContent).toContain("Echo: @Ava summarise");
    expect($("agent-generating")).toBeNull();
  });

  it("lets the controller pause a member's answer, and resumes a run already going when the room opens", async () => {
    await openDiscussion("u1");
    await room!.receive(fromBen("m_ben", "@Ava summarise"));
    await room!.receive({
      type: "ready",
      chatId: "chat_1",
      headSeq: 2,
      agentRuns: [{ room: ROOM, chat_type: 0, message_id: "m_ai", request_id: "m_ben", content: "Echo: @Ava", startedBy: "u2" }],
      control: { ownerId: "u1", presenterId: null, presenterName: null, requests: [] },
    });
    await vi.waitFor(() => expect(live("m_ai")).toContain("Echo: @Ava"));
    await room!.receive(token("m_ai", 10, " summarise"));
    await vi.waitFor(() => expect(live("m_ai")).toContain("Echo: @Ava summarise"));
    await click($("composer-pause"));
    expect(room!.socket.frames("pause_sse_v2")).toEqual([{ type: "pause_sse_v2", room: ROOM, userId: "u1", reason: "user_pause" }]);
  });

  it("tells the sender of a second mention that the VIRE is busy, and keeps the message", async () => {
    await openDiscussion();
    await room!.receive(fromBen("m_ben", "@Ava summarise"));
    await room!.receive(status(true));
    const second = await sendAndAck("@Ava and now?");
    // A further message still waiting for its ack is not what the busy answer is about.
    await typeInto($("composer-input") as HTMLTextAreaElement, "one more thing");
    await click($("composer-send"));
    await vi.waitFor(() => expect(room!.socket.frames("chat_message")).toHaveLength(2));
    const pending = String(room!.socket.frames("chat_message").at(-1)!.message_id);
    await room!.receive({ type: "error", error: AGENT_TEXTS.busy, messageId: second });
    await vi.waitFor(() => expect(toastTexts()).toContain("The agent is currently busy, please try again later"));
    await vi.waitFor(() => expect(row(second)?.textContent).toContain("@Ava and now?"));
    expect(row(pending)?.textContent).toContain("one more thing");
    expect(toastTexts().some((t) => /fail/i.test(t))).toBe(false);
    expect($("composer-pause")).toBeNull();
  });

  it("says it is busy in Chinese in the Chinese interface", async () => {
    await act(async () => void i18n.changeLanguage("zh"));
    await openDiscussion();
    const asked = await sendAndAck("@Ava 你怎么看？");
    await room!.receive({ type: "error", error: AGENT_TEXTS.busy, messageId: asked });
    await vi.waitFor(() => expect(toastTexts()).toContain("智能体正忙，请稍后再试"));
  });
});
