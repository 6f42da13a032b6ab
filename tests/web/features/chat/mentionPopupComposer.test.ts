// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ChatListItem, FileListAnswer, SessionUser } from "../../../../contract";
import { initI18n } from "../../../../web/i18n";
import { groupChat, mountRoom, person, typeInto, type MountedRoom } from "./roomHarness";

const me: SessionUser = { id: "u1", name: "Ann Owner", email: "ann@example.com", image: null } as SessionUser;
let room: MountedRoom | null = null;

beforeAll(() => {
  initI18n("en");
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  room?.unmount();
  room = null;
  vi.unstubAllGlobals();
});

const files: FileListAnswer = {
  files: [
    { name: "app.ts", path: "src/app.ts", type: "file", isHidden: false },
    { name: "AppShell.tsx", path: "src/components/AppShell.tsx", type: "file", isHidden: false },
    { name: "mapping.md", path: "docs/mapping.md", type: "file", isHidden: false },
    { name: "app.env", path: ".config/app.env", type: "file", isHidden: true },
  ],
  total: 4,
  truncated: false,
};

/** The group chat of the room harness, its members as the member panel loads them, and the project's files. */
async function open(chat: ChatListItem = groupChat(me, me.id)) {
  const members = [...chat.participants, person("u3", "Benita Cruz", "user", me.id)];
  const fileCalls: URL[] = [];
  room = await mountRoom(me, chat, [], (url) => {
    if (url.pathname === `/api/chats/${chat.id}`) return chat;
    if (url.pathname === `/api/chats/${chat.id}/participants`) return { participants: members };
    if (url.pathname === "/api/coding-projects/proj_1/file-list") {
      fileCalls.push(url);
      return files;
    }
    return undefined;
  });
  return { c: room.container, fileCalls };
}

const input = (c: HTMLElement) => c.querySelector<HTMLTextAreaElement>('[data-testid="composer-input"]')!;
const popup = (c: HTMLElement) => c.querySelector<HTMLElement>('[data-testid="mention-popup"]');
const optionNames = (c: HTMLElement) => [...c.querySelectorAll('[role="option"]')].map((o) => o.querySelector(".mention-popup__name")?.textContent);
const selected = (c: HTMLElement) => c.querySelector('[role="option"][aria-selected="true"] .mention-popup__name')?.textContent;

async function press(field: HTMLElement, key: string) {
  await act(async () => field.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true })));
}
async function type(c: HTMLElement, value: string) {
  await typeInto(input(c), value);
  await vi.waitFor(() => expect(input(c).value).toBe(value));
}

describe("the mention popup in the composer (spec 02 §2.8)", () => {
  it("opens on @ with the chat's other members, its agent and @all, with header and key hint", async () => {
    const { c } = await open();
    await type(c, "@");
    await vi.waitFor(() => expect(popup(c)?.textContent).toContain("People (4)"));
    const text = popup(c)!.textContent!;
    expect(text).toContain("Select to mention");
    expect(text).toContain("@people @file:name");
    expect(optionNames(c)).toEqual(["Ava", "Ben", "Benita Cruz", "@all"]);
    expect(optionNames(c)).not.toContain("Ann Owner");
    // The text field names the list and the highlighted option for screen readers.
    const listbox = c.querySelector('[role="listbox"]')!;
    expect(input(c).getAttribute("aria-controls")).toBe(listbox.id);
    expect(input(c).getAttribute("aria-activedescendant")).toBe(c.querySelector('[role="option"][aria-selected="true"]')!.id);
  });

  it("filters as the user types and shows 'No results found' when nobody matches", async () => {
    const { c } = await open();
    await type(c, "hello @be");
    await vi.waitFor(() => expect(optionNames(c)).toEqual(["Ben", "Benita Cruz"]));
    await type(c, "hello @bex");
    await vi.waitFor(() => expect(popup(c)?.textContent).toContain("No results found"));
    expect(optionNames(c)).toEqual([]);
  });

  it("arrow keys move the highlight, Enter inserts @Name and a space, and nothing is sent", async () => {
    const { c } = await open();
    await type(c, "hi @be");
    await vi.waitFor(() => expect(selected(c)).toBe("Ben"));
    await press(input(c), "ArrowDown");
    expect(selected(c)).toBe("Benita Cruz");
    await press(input(c), "ArrowDown");
    expect(selected(c)).toBe("Ben"); // wraps around
    await press(input(c), "ArrowUp");
    await press(input(c), "Enter");
    await vi.waitFor(() => expect(input(c).value).toBe("hi @Benita Cruz "));
    expect(popup(c)).toBeNull();
    expect(room!.socket.frames("chat_message")).toEqual([]);
  });

  it("Tab inserts too, and a click on an option inserts it", async () => {
    const { c } = await open();
    await type(c, "@av");
    await vi.waitFor(() => expect(selected(c)).toBe("Ava"));
    await press(input(c), "Tab");
    await vi.waitFor(() => expect(input(c).value).toBe("@Ava "));
    await type(c, "@Ava and @al");
    await vi.waitFor(() => expect(optionNames(c)).toEqual(["@all"]));
    await act(async () => c.querySelector<HTMLElement>('[data-testid="mention-option-@all"]')!.click());
    await vi.waitFor(() => expect(input(c).value).toBe("@Ava and @all "));
  });

  it("Escape closes it without touching the text; Enter then sends the message as typed", async () => {
    const { c } = await open();
    await type(c, "ping @ben");
    await vi.waitFor(() => expect(popup(c)).not.toBeNull());
    await press(input(c), "Escape");
    expect(popup(c)).toBeNull();
    expect(input(c).value).toBe("ping @ben");
    await press(input(c), "Enter");
    await vi.waitFor(() => expect(room!.socket.frames("chat_message")).toHaveLength(1));
    expect(room!.socket.frames("chat_message")[0]).toMatchObject({ data: { content: { text: "ping @ben" } } });
  });

  it("does not open for an e-mail address", async () => {
    const { c } = await open();
    await type(c, "write to ben@example.com");
    expect(popup(c)).toBeNull();
  });

  it("after @file: lists the project's files (not hidden ones), filtered by name, and inserts @file:path", async () => {
    const { c, fileCalls } = await open();
    await type(c, "look at @file:app");
    await vi.waitFor(() => expect(popup(c)?.textContent).toContain("Files (3)"));
    expect(optionNames(c)).toEqual(["app.ts", "AppShell.tsx", "mapping.md"]);
    expect(fileCalls).toHaveLength(1);
    await press(input(c), "ArrowDown");
    await press(input(c), "Enter");
    await vi.waitFor(() => expect(input(c).value).toBe("look at @file:src/components/AppShell.tsx "));
  });

  it("a chat without a project has no files to offer", async () => {
    const { c, fileCalls } = await open({ ...groupChat(me, me.id), project_id: null, project_name: null });
    await type(c, "@file:");
    await vi.waitFor(() => expect(popup(c)?.textContent).toContain("No results found"));
    expect(fileCalls).toEqual([]);
  });
});
