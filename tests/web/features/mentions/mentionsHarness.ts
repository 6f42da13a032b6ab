// The Mentions button and panel in happy-dom against a stubbed API that keeps its own list, the
// way the Worker's routes do (newest first, read flags, clear), and records every call.
import { createElement } from "react";
import type { Mention, MentionsAnswer } from "../../../../contract";
import { MentionsButton } from "../../../../web/features/mentions/MentionsButton";
import type { Language } from "../../../../web/i18n/language";
import { startHarness, type Call, type Harness } from "../../people/peopleHarness";

export function mention(id: string, over: Partial<Mention> = {}): Mention {
  return {
    id,
    timestamp: new Date().toISOString(),
    read: false,
    mentionType: "user",
    senderName: "Bob",
    messagePreview: "can you look at the deploy?",
    chatId: "chat_launch",
    chatName: "Launch",
    messageId: `msg_${id}`,
    chatType: 0,
    ...over,
  };
}

export interface MentionsServer {
  harness: Harness;
  /** The list as the server holds it now. */
  list: Mention[];
  /** Calls other than the list's GET. */
  writes: () => { method: string; path: string; body: unknown }[];
}

export async function showMentions(initial: Mention[], answer?: (call: Call) => unknown, lang: Language = "en"): Promise<MentionsServer> {
  const server: { list: Mention[] } = { list: [...initial] };
  // Like the routes, every call answers the list as it now is.
  const current = (): MentionsAnswer => ({ mentions: server.list, unread: server.list.filter((m) => !m.read).length });
  const harness = startHarness((call) => {
    const given = answer?.(call);
    if (given !== undefined) return given;
    if (call.path === "/api/mentions" && call.method === "GET") return current();
    if (call.path === "/api/mentions/read" && call.method === "POST") {
      const ids = (call.body as { ids?: string[] }).ids;
      server.list = server.list.map((m) => (!ids || ids.includes(m.id) ? { ...m, read: true } : m));
      return current();
    }
    if (call.path === "/api/mentions" && call.method === "DELETE") {
      server.list = [];
      return current();
    }
    const one = /^\/api\/mentions\/([^/]+)$/.exec(call.path);
    if (one && call.method === "DELETE") {
      server.list = server.list.filter((m) => m.id !== one[1]);
      return current();
    }
    return undefined;
  });
  await harness.show(createElement(MentionsButton), { lang });
  return {
    harness,
    get list() {
      return server.list;
    },
    writes: () => harness.calls.filter((c) => c.method !== "GET").map((c) => ({ method: c.method, path: c.path, body: c.body })),
  };
}
