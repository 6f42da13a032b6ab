// @vitest-environment happy-dom
import { act, createElement, type ComponentType } from "react";
import { createRoot, type Root } from "react-dom/client";
import { MemoryRouter } from "react-router";
import { VirtuosoMockContext } from "react-virtuoso";
import { SWRConfig } from "swr";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatListItem, Participant, ServerFrame, SessionUser } from "../../../../contract";
import { ChatRoom } from "../../../../web/features/chat/components/ChatRoom";
import { ChatHeader } from "../../../../web/features/groups/ChatHeader";
import type { SocketLike } from "../../../../web/features/chat/model/roomSocket";
import { initI18n } from "../../../../web/i18n";
import { msg } from "./fixtures";
import { groupChat, person } from "./roomHarness";

/** Render counts of the parts around the message list; each wrapper renders the real component. */
const renders = vi.hoisted(() => ({ header: 0, controlToolbar: 0, composer: 0, composerToolbar: 0 }));
/** Render counts of message rows by the message's time: a row formats its full time once per render. */
const rowRenders = vi.hoisted(() => new Map<string, number>());
function counted<P extends object>(real: ComponentType<P>, key: keyof typeof renders) {
  return (props: P) => {
    renders[key] += 1;
    return createElement(real, props);
  };
}
vi.mock("../../../../web/features/groups/ChatHeader", async (load) => {
  const real = await load<typeof import("../../../../web/features/groups/ChatHeader")>();
  return { ...real, ChatHeader: counted(real.ChatHeader, "header") };
});
vi.mock("../../../../web/features/chat/agent/components/ControlToolbar", async (load) => {
  const real = await load<typeof import("../../../../web/features/chat/agent/components/ControlToolbar")>();
  return { ...real, ControlToolbar: counted(real.ControlToolbar, "controlToolbar") };
});
vi.mock("../../../../web/features/chat/components/Composer", async (load) => {
  const real = await load<typeof import("../../../../web/features/chat/components/Composer")>();
  return { ...real, Composer: counted(real.Composer, "composer") };
});
vi.mock("../../../../web/features/chat/agent/components/AgentComposerBar", async (load) => {
  const real = await load<typeof import("../../../../web/features/chat/agent/components/AgentComposerBar")>();
  return { ...real, AgentComposerBar: counted(real.AgentComposerBar, "composerToolbar") };
});

vi.mock("../../../../web/ui/format", async (load) => {
  const real = await load<typeof import("../../../../web/ui/format")>();
  return {
    ...real,
    fullTime: (value: string, language: string) => {
      rowRenders.set(value, (rowRenders.get(value) ?? 0) + 1);
      return real.fullTime(value, language);
    },
  };
});

const me: SessionUser = { id: "u1", name: "Ann Owner", email: "ann@example.com", image: null } as SessionUser;
const chat: ChatListItem = {
  ...groupChat(me, me.id),
  project_id: null,
  project_name: null,
  participants: [person("u1", "Ann Owner", "user", me.id), person("vire_1", "Ava", "virtual_employee", me.id)],
};

const request = msg("m_req", 1, "2025-01-01T00:00:00.000Z", { chatType: 1, chat_type: 1, messageType: "user_request", content: "Summarise the launch plan" });
const reply = msg("m_reply", 2, "2025-01-01T00:00:01.000Z", {
  chatType: 1,
  chat_type: 1,
  messageType: "ai_response",
  content: "",
  isUserMessage: false,
  is_from_ai: true,
  sender: null,
  virtualSender: { id: "vire_1", name: "Ava", avatarUrl: null },
  replyToMessageId: "m_req",
  isStreamingMessage: true,
  agent_id: "vire_1",
});

/** The API as the page meets it: the agent stream holds the request and the live reply. */
function answer(url: URL): unknown {
  if (url.pathname.startsWith("/api/group-chats/chat_1")) {
    const messages = url.searchParams.get("chat_type") === "1" ? [request, reply] : [];
    return { messages, pagination: { hasMore: false, nextCursor: null } };
  }
  if (url.pathname === "/api/unread-messages/mark-read") return { unread: chat.unread };
  if (url.pathname === "/api/auth/session") return me;
  return [];
}

class FakeSocket implements SocketLike {
  readyState = 0;
  private listeners = new Map<string, ((event: Event & { data?: unknown }) => void)[]>();
  addEventListener(type: string, listener: (event: Event & { data?: unknown }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data?: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener(Object.assign(new Event(type), { data }));
  }
  send() {
    return this.readyState === 1;
  }
  reconnect() {}
  close() {
    this.readyState = 3;
  }
}

let root: Root;
let container: HTMLElement;
let socket: FakeSocket;
const receive = (frame: ServerFrame) => act(() => socket.emit("message", JSON.stringify(frame)));
const chunk = (text: string, offset: number): ServerFrame => ({
  type: "streaming_message",
  room: "chat_1",
  chat_type: 1,
  message_id: "m_reply",
  chunk: text,
  offset,
});

beforeAll(() => {
  initI18n("en");
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

beforeEach(async () => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input), "http://localhost");
      return new Response(JSON.stringify({ code: 200, data: answer(url), message: "ok" }), { headers: { "Content-Type": "application/json" } });
    }),
  );
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  const storeOptions = {
    socketFactory: () => (socket = new FakeSocket()),
    location: { protocol: "http:", host: "localhost" },
  };
  const room = createElement(
    VirtuosoMockContext.Provider,
    { value: { viewportHeight: 800, itemHeight: 80 } },
    createElement(ChatRoom, { chat, me, header: ChatHeader, storeOptions }),
  );
  const page = createElement(MemoryRouter, null, createElement(SWRConfig, { value: { provider: () => new Map(), dedupingInterval: 0 } }, room));
  await act(async () => root.render(page));
  socket.readyState = 1;
  await act(async () => socket.emit("open"));
  await receive({
    type: "ready",
    chatId: "chat_1",
    headSeq: 2,
    agentRuns: [],
    control: { ownerId: "u1", presenterId: null, presenterName: null, requests: [] },
  });
  await vi.waitFor(() => expect(container.textContent).toContain("Summarise the launch plan"));
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe("an open chat while a reply streams in", () => {
  it("shows every token and re-renders neither the header, the control toolbar, the composer nor its toolbar", async () => {
    const before = { ...renders };
    expect(before.header).toBeGreaterThan(0);
    expect(before.controlToolbar).toBeGreaterThan(0);
    expect(before.composer).toBeGreaterThan(0);
    expect(before.composerToolbar).toBeGreaterThan(0);

    const words = ["The plan ", "has three ", "steps: ", "design, ", "build, ", "ship."];
    let text = "";
    for (const word of words) {
      await receive(chunk(word, text.length));
      text += word;
      expect(container.querySelector('[data-testid="message-list"]')?.textContent).toContain(text.trim());
    }

    expect(renders).toEqual(before);
  });

  it("re-renders only the streaming reply's row, not the request above it", async () => {
    const requestRow = () => rowRenders.get(request.createdAt) ?? 0;
    const replyRow = () => rowRenders.get(reply.createdAt) ?? 0;
    const before = { request: requestRow(), reply: replyRow() };
    expect(before.request).toBeGreaterThan(0);

    await receive(chunk("First ", 0));
    await receive(chunk("second ", 6));
    await receive(chunk("third.", 13));

    expect(container.querySelector('[data-testid="message-m_reply"]')?.textContent).toContain("First second third.");
    expect(replyRow()).toBeGreaterThanOrEqual(before.reply + 3);
    expect(requestRow()).toBe(before.request);
  });

  it("does re-render the header when the connection drops (the counters do count)", async () => {
    const before = renders.header;
    await act(async () => {
      socket.readyState = 3;
      socket.emit("close");
    });
    expect(renders.header).toBeGreaterThan(before);
    expect(container.textContent).toContain("Reconnecting");
  });
});
