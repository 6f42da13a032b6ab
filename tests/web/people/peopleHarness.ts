// Renders the real people screens in happy-dom against a stubbed fetch that answers the way the
// Worker does (the {code, data, message} envelope), and records every call the browser made.
import { act, createElement, Fragment, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { toast } from "sonner";
import { toastsReady } from "../../../web/ui/toast";
import { ToastHost } from "../../../web/ui/ToastHost";
import { mutate, SWRConfig } from "swr";
import type { SessionUser } from "../../../contract";
import { resetClient } from "../../../web/app/api/client";
import { initI18n } from "../../../web/i18n";
import type { Language } from "../../../web/i18n/language";
import { stubApi, type Call } from "../api-stub";

export type { Call };

export type Route = (call: Call) => unknown;
export const fail = (status: number, error: string) => ({ __failure: true, status, error });
const isFailure = (answer: unknown): answer is { status: number; error: string } => !!answer && typeof answer === "object" && "__failure" in answer;

export const me: SessionUser = {
  id: "u_alice",
  email: "alice.wonder@example.com",
  username: "alice",
  account: "alice",
  name: "Alice",
  organizationId: "org_1",
  isOrgAdmin: true,
  organizationName: "acme",
  organizationDisplayName: "Acme",
  image: null,
  role: "Engineer",
  isMember: false,
  memberPlan: "free",
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
};

export { click, find, get, settle } from "../dom-helpers";
import { get, settle } from "../dom-helpers";

/** Opens a Radix menu the way a keyboard user does. */
export async function pressEnter(testId: string): Promise<void> {
  const element = get(testId);
  await act(async () => {
    element.focus();
    element.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
  });
  await settle(2);
}

export async function typeInto(testId: string, value: string): Promise<void> {
  const field = get(testId) as HTMLInputElement;
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set;
  await act(async () => {
    setter?.call(field, value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

/** All text on the page, toasts included (they render in a portal). */
export const pageText = () => document.body.textContent ?? "";

/** The path the router is at, so tests can see where a page navigated. */
let currentPath = "";
function PathProbe() {
  const location = useLocation();
  currentPath = `${location.pathname}${location.search}`;
  return null;
}
export const path = () => currentPath;

export interface Harness {
  calls: Call[];
  /** Renders `node` at `at` (matched by `pattern` when given) with an empty SWR cache and the toasts. */
  show(node: ReactNode, options?: { at?: string; pattern?: string; lang?: Language }): Promise<void>;
  unmount(): void;
}

export function startHarness(route: Route): Harness {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  resetClient();
  const calls = stubApi(route, isFailure);
  const host = document.createElement("div");
  document.body.append(host);
  const root: Root = createRoot(host);
  return {
    calls,
    show: async (node, { at = "/en/home", pattern, lang = "en" } = {}) => {
      initI18n(lang);
      await mutate(() => true, undefined, { revalidate: false });
      const page = pattern
        ? createElement(Routes, null, createElement(Route, { path: pattern, element: node }), createElement(Route, { path: "*", element: null }))
        : node;
      const tree = createElement(
        SWRConfig,
        { value: { dedupingInterval: 0 } },
        createElement(Fragment, null, page, createElement(PathProbe), createElement(ToastHost)),
      );
      await act(async () => root.render(createElement(MemoryRouter, { initialEntries: [at] }, tree)));
      await act(() => toastsReady());
      await settle();
    },
    unmount: () => {
      act(() => void toast.dismiss()); // sonner keeps its toasts in module state across tests
      act(() => root.unmount());
      host.remove();
      document.body.innerHTML = "";
    },
  };
}
