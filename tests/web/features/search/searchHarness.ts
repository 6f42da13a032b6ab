import { act, createElement } from "react";
import type { SearchAnswer, SearchResult } from "../../../../contract";
import { SearchLauncher } from "../../../../web/features/search/SearchLauncher";
import { get, settle, startHarness, type Call, type Harness } from "../../people/peopleHarness";

export { click, fail, find, get, pageText, path, settle, typeInto, type Call } from "../../people/peopleHarness";

export function hit(type: SearchResult["type"], id: string, extra: Partial<SearchResult> = {}): SearchResult {
  return {
    type,
    id,
    chatId: type === "contact" ? null : `chat_${id}`,
    name: `Name ${id}`,
    content: "",
    highlightedName: `Name ${id}`,
    highlightedContent: "",
    lastMessageTime: "2025-03-01T10:00:00.000Z",
    avatarUrl: null,
    participants: 0,
    metadata: {},
    ...extra,
  };
}

export function answer(parts: Partial<SearchAnswer>): SearchAnswer {
  const messages = parts.messages ?? [];
  const contacts = parts.contacts ?? [];
  const groups = parts.groups ?? [];
  const all = parts.all ?? [...messages, ...contacts, ...groups];
  return { all, messages, contacts, groups, total: all.length, nextCursor: parts.nextCursor ?? null };
}

/** The search button in a signed-in page, against a stubbed API; `route` answers every call. */
export async function showSearch(route: (call: Call) => unknown, options: { lang?: "en" | "zh"; at?: string } = {}): Promise<Harness> {
  const harness = startHarness(route);
  await harness.show(createElement(SearchLauncher, { organizationId: "org_1" }), options);
  return harness;
}

export const searches = (calls: Call[]) => calls.filter((call) => call.path === "/api/search");

/** A key pressed in an element, without waiting (for tests on fake timers). */
export async function press(testId: string, init: KeyboardEventInit): Promise<void> {
  const element = get(testId);
  await act(async () => {
    element.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true, cancelable: true, ...init }));
  });
}

export async function key(testId: string, init: KeyboardEventInit): Promise<void> {
  await press(testId, init);
  await settle(2);
}

/** Rows of the open tab, by their test ids' "type-id" part. */
export const rows = () =>
  [...document.querySelectorAll<HTMLElement>("[data-testid^='search-result-']")].map((row) => row.dataset.testid!.slice("search-result-".length));
