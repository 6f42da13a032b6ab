// @vitest-environment happy-dom
import { act, createElement } from "react";
import { createRoot, type Root } from "react-dom/client";
import { toast } from "sonner";
import { toastsReady } from "../../../../web/ui/toast";
import { ToastHost } from "../../../../web/ui/ToastHost";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatMessage, SessionUser } from "../../../../contract";
import { clearJump, jumpToMessage, useJumpStore } from "../../../../web/app/session/jump";
import { clearSelection, getSelection } from "../../../../web/app/session/selection";
import { createChatStore } from "../../../../web/features/chat/store/chatStore";
import { JUMP_MAX_PAGES, pageBackTo } from "../../../../web/features/chat/store/jump";
import { i18n, initI18n } from "../../../../web/i18n";
import { msg } from "./fixtures";
import { FakeSocket, groupChat, mountRoom, type MountedRoom } from "./roomHarness";

const me: SessionUser = { id: "u1", name: "Ann Owner", email: "ann@example.com", image: null } as SessionUser;
const chat = { ...groupChat(me, me.id), project_id: null, project_name: null };

/** The discussion's history, newest page first: four pages of three, cursors p1..p3 lead back. */
const discussion = (n: number) => msg(`d${n}`, n, new Date(Date.UTC(2025, 0, 1, 0, n)).toISOString(), { chatType: 0, chat_type: 0 });
const PAGES: Record<string, { messages: ChatMessage[]; next: string | null }> = {
  first: { messages: [discussion(10), discussion(11), discussion(12)], next: "p1" },
  p1: { messages: [discussion(7), discussion(8), discussion(9)], next: "p2" },
  p2: { messages: [discussion(4), discussion(5), discussion(6)], next: "p3" },
  p3: { messages: [discussion(1), discussion(2), discussion(3)], next: null },
};

/** Answers the discussion stream's pages; other streams are empty. */
function history(url: URL): unknown {
  if (!url.pathname.startsWith("/api/group-chats/chat_1/messages") || url.searchParams.get("chat_type") !== "0") return undefined;
  const page = PAGES[url.searchParams.get("before") ?? "first"]!;
  return { messages: page.messages, pagination: { hasMore: page.next !== null, nextCursor: page.next } };
}

let room: MountedRoom | undefined;
let toasts: { root: Root; host: HTMLElement } | undefined;

/** The cursors the page asked the discussion history for, in order. */
function olderPagesAsked(): string[] {
  return vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(String(input), "http://localhost"))
    .filter((url) => url.pathname.startsWith("/api/group-chats/chat_1/messages") && url.searchParams.get("chat_type") === "0" && url.searchParams.has("before"))
    .map((url) => url.searchParams.get("before")!);
}

const row = (id: string) => room!.container.querySelector<HTMLElement>(`[data-testid="message-${id}"]`);
const tab = (stream: string) => room!.container.querySelector(`[data-testid="chat-tab-${stream}"]`);

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

beforeEach(async () => {
  initI18n("en");
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
  clearJump();
  clearSelection();
});

describe("opening a chat at a message", () => {
  it("switches the open chat to the message's tab, pages back three pages to find it, and highlights it", async () => {
    room = await mountRoom(me, chat, [], history);
    expect(tab("agent")?.getAttribute("aria-selected")).toBe("true");

    // Hold the third older page, to see the progress while the chat looks.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const answer = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      if (String(input).includes("before=p3")) await gate;
      return answer(input, init);
    });

    await act(async () => jumpToMessage({ chatId: "chat_1", messageId: "d2", chatType: 0 }));
    expect(getSelection().chatId).toBe("chat_1");
    await vi.waitFor(() => expect(olderPagesAsked()).toContain("p3"));
    expect(tab("discuss")?.getAttribute("aria-selected")).toBe("true");
    expect(room.container.querySelector('[data-testid="jump-progress"]')?.textContent).toBe("Looking for the message... 2 earlier pages loaded");
    expect(row("d2")).toBeNull();

    await act(async () => release());
    await vi.waitFor(() => expect(row("d2")?.className).toContain("msg--highlight"));
    expect(olderPagesAsked()).toEqual(["p1", "p2", "p3"]);
    expect(row("d5")?.className).not.toContain("msg--highlight");
    expect(room.container.querySelector('[data-testid="jump-progress"]')).toBeNull();
    expect(useJumpStore.getState().target).toBeNull();
  });

  it("finds the message in a chat that opens after the jump was asked for", async () => {
    jumpToMessage({ chatId: "chat_1", messageId: "d8", chatType: 0 });
    room = await mountRoom(me, chat, [], history);
    await vi.waitFor(() => expect(row("d8")?.className).toContain("msg--highlight"));
    expect(tab("discuss")?.getAttribute("aria-selected")).toBe("true");
    expect(olderPagesAsked()).toEqual(["p1"]);
    expect(useJumpStore.getState().target).toBeNull();
  });

  it("lands on a message far above the bottom of a chat that opens after the jump, and stays there once the list settled", async () => {
    // One long page: the list opens at the bottom, forty rows below the message.
    const long = Array.from({ length: 40 }, (_, i) => discussion(i + 1));
    const onePage = (url: URL) =>
      url.pathname.startsWith("/api/group-chats/chat_1/messages") && url.searchParams.get("chat_type") === "0"
        ? { messages: long, pagination: { hasMore: false, nextCursor: null } }
        : undefined;
    jumpToMessage({ chatId: "chat_1", messageId: "d3", chatType: 0 });
    room = await mountRoom(me, chat, [], onePage);
    await vi.waitFor(() => expect(row("d3")?.className).toContain("msg--highlight"));
    // The list's own opening at the bottom runs a few frames after its first rows: it must not win.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(row("d3")?.className).toContain("msg--highlight");
    expect(row("d40")).toBeNull();
  });

  it("says so when the message is not in the chat's history", async () => {
    room = await mountRoom(me, chat, [], history);
    await act(async () => jumpToMessage({ chatId: "chat_1", messageId: "gone", chatType: 0 }));
    await vi.waitFor(() => expect(document.body.textContent).toContain("That message could not be found in this chat's history."));
    expect(olderPagesAsked()).toEqual(["p1", "p2", "p3"]);
    expect(room.container.querySelector(".msg--highlight")).toBeNull();
    expect(useJumpStore.getState().target).toBeNull();
  });

  it("says it in Chinese in the Chinese interface", async () => {
    await act(async () => void i18n.changeLanguage("zh"));
    room = await mountRoom(me, chat, [], history);
    await act(async () => jumpToMessage({ chatId: "chat_1", messageId: "gone", chatType: 0 }));
    await vi.waitFor(() => expect(document.body.textContent).toContain("在此聊天的历史记录中找不到该消息。"));
  });

  it("ignores a jump meant for another chat", async () => {
    room = await mountRoom(me, chat, [], history);
    await act(async () => useJumpStore.setState({ target: { chatId: "chat_other", messageId: "d2", chatType: 0 }, nonce: 99 }));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(olderPagesAsked()).toEqual([]);
    expect(tab("agent")?.getAttribute("aria-selected")).toBe("true");
  });
});

describe("paging back for a jump", () => {
  it(`gives up after ${JUMP_MAX_PAGES} older pages`, async () => {
    let asked = 0;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), "http://localhost");
        let data: unknown = [];
        if (url.pathname.startsWith("/api/group-chats/chat_1_")) data = { messages: [], pagination: { hasMore: false, nextCursor: null } };
        else if (url.pathname.startsWith("/api/group-chats/chat_1/messages")) {
          const before = url.searchParams.get("before");
          if (before) asked += 1;
          const n = before ? Number(before) + 1 : 0;
          data = { messages: [discussion(1000 - n)], pagination: { hasMore: true, nextCursor: String(n) } };
        } else if (url.pathname === "/api/unread-messages/mark-read") data = { unread: chat.unread };
        return new Response(JSON.stringify({ code: 200, data, message: "ok" }), { headers: { "Content-Type": "application/json" } });
      }),
    );
    const store = createChatStore(chat, me, { socketFactory: () => new FakeSocket(), location: { protocol: "http:", host: "localhost" } });
    store.start();
    const progress: number[] = [];
    const outcome = await pageBackTo(store, "discuss", "never", { signal: new AbortController().signal, onPage: (pages) => progress.push(pages) });
    store.stop();
    expect(outcome).toBe("missing");
    expect(asked).toBe(JUMP_MAX_PAGES);
    expect(progress.at(-1)).toBe(JUMP_MAX_PAGES);
    expect(store.state.getState().streams.discuss.messages).toHaveLength(JUMP_MAX_PAGES + 1);
  });
});
