import { act, createElement } from "react";
import { createRoot, type Root } from "react-dom/client";
import { MemoryRouter } from "react-router";
import { VirtuosoMockContext } from "react-virtuoso";
import { SWRConfig } from "swr";
import { expect, vi } from "vitest";
import type { ChatListItem, ChatMessage, Participant, ServerFrame, SessionUser } from "../../../../contract";
import { ChatRoom } from "../../../../web/features/chat/components/ChatRoom";
import type { SocketLike } from "../../../../web/features/chat/model/roomSocket";
import type { ChatHeaderSlot } from "../../../../web/ui/composerExtension";
import { lazyLoadsSettled } from "../../../../web/ui/lazy";

/** The room socket as the page sees it: frames go in through `emit`, everything the page sends is kept. */
export class FakeSocket implements SocketLike {
  readyState = 0;
  readonly sent: Record<string, unknown>[] = [];
  private listeners = new Map<string, ((event: Event & { data?: unknown }) => void)[]>();
  addEventListener(type: string, listener: (event: Event & { data?: unknown }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data?: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener(Object.assign(new Event(type), { data }));
  }
  send(data: string) {
    if (this.readyState !== 1) return false;
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
    return true;
  }
  reconnect() {}
  close() {
    this.readyState = 3;
  }
  /** The frames of one type the page sent. */
  frames(type: string) {
    return this.sent.filter((frame) => frame.type === type);
  }
}

export const person = (id: string, name: string, type: Participant["type"], meId: string): Participant =>
  ({
    id,
    name,
    email: null,
    type,
    isCurrentUser: id === meId,
    role: null,
    cpRole: "member",
    participantRole: "member",
    image: null,
    avatarUrl: null,
    isAI: type === "virtual_employee",
    agentType: null,
    description: null,
  }) as Participant;

export function groupChat(me: SessionUser, ownerId: string): ChatListItem {
  return {
    id: "chat_1",
    name: "Launch",
    description: "",
    type: "group",
    chatType: "single_group",
    chat_type: "single_group",
    is_group: true,
    organizationId: "org_1",
    participants: [person(me.id, me.name, "user", me.id), person("u2", "Ben", "user", me.id), person("vire_1", "Ava", "virtual_employee", me.id)],
    lastMessage: null,
    lastMessageTime: null,
    lastMessageAt: null,
    createdAt: "2025-01-01T00:00:00.000Z",
    chatOwnerName: ownerId === me.id ? me.name : "Ben",
    chatOwnerId: ownerId,
    agentCount: 1,
    has_agent: true,
    project_id: "proj_1",
    project_name: "Launch",
    status: "active",
    unread: { total: 0, agent: 0, human: 0, lastReadAt: null },
  } as ChatListItem;
}

const Header: ChatHeaderSlot = ({ chat }) => createElement("h1", null, chat.name);

export interface MountedRoom {
  container: HTMLElement;
  socket: FakeSocket;
  receive(frame: ServerFrame): Promise<void>;
  unmount(): void;
}

/**
 * A real ChatRoom (store, frame switch, components) over a fake socket and a fetch that answers
 * the history and status calls; resolves once the room said `ready` and the agent stream loaded.
 */
export async function mountRoom(
  me: SessionUser,
  chat: ChatListItem,
  agentMessages: ChatMessage[] = [],
  /** Answers for other calls (the project's config …); undefined falls through to the defaults. */
  extra: (url: URL) => unknown = () => undefined,
): Promise<MountedRoom> {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input), "http://localhost");
      const given = extra(url);
      let data: unknown = [];
      if (given !== undefined) data = given;
      else if (url.pathname.startsWith("/api/group-chats/chat_1")) {
        const messages = url.searchParams.get("chat_type") === "1" ? agentMessages : [];
        data = { messages, pagination: { hasMore: false, nextCursor: null } };
      } else if (url.pathname === "/api/unread-messages/mark-read") data = { unread: chat.unread };
      else if (url.pathname.startsWith("/api/agent-status/")) data = { status: "idle" };
      return new Response(JSON.stringify({ code: 200, data, message: "ok" }), { headers: { "Content-Type": "application/json" } });
    }),
  );
  const container = document.createElement("div");
  document.body.append(container);
  const root: Root = createRoot(container);
  let socket!: FakeSocket;
  const storeOptions = { socketFactory: () => (socket = new FakeSocket()), location: { protocol: "http:", host: "localhost" } };
  const room = createElement(
    VirtuosoMockContext.Provider,
    { value: { viewportHeight: 800, itemHeight: 80 } },
    createElement(ChatRoom, { chat, me, header: Header, storeOptions }),
  );
  const page = createElement(MemoryRouter, null, createElement(SWRConfig, { value: { provider: () => new Map(), dedupingInterval: 0 } }, room));
  await act(async () => root.render(page));
  socket.readyState = 1;
  await act(async () => socket.emit("open"));
  const receive = async (frame: ServerFrame) => {
    await act(async () => socket.emit("message", JSON.stringify(frame)));
  };
  await receive({
    type: "ready",
    chatId: chat.id,
    headSeq: agentMessages.length,
    agentRuns: [],
    control: { ownerId: chat.chatOwnerId ?? me.id, presenterId: null, presenterName: null, requests: [] },
  });
  await vi.waitFor(() => expect(container.querySelector('[data-testid="message-list"]')).not.toBeNull());
  // The coding panels and the markdown renderer load on first use; wait for them as a user's first look would.
  await act(() => lazyLoadsSettled());
  return {
    container,
    socket,
    receive,
    unmount() {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/** Types into a text field the way a user does: React sees an input event with the new value. */
export async function typeInto(field: HTMLTextAreaElement | HTMLInputElement, value: string) {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(prototype, "value")!.set!.call(field, value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

export async function click(element: Element | null) {
  if (!element) throw new Error("nothing to click");
  await act(async () => (element as HTMLElement).click());
  await act(() => lazyLoadsSettled()); // a dialog the click opened loads on first use
}
