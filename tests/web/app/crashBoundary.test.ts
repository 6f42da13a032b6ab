// @vitest-environment happy-dom
import { act, createElement, useEffect } from "react";
import { createRoot, type Root } from "react-dom/client";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { CrashBoundary } from "../../../web/app/routes/CrashBoundary";
import { initI18n } from "../../../web/i18n";
import { find, get } from "../dom-helpers";

let root: Root | undefined;
let host: HTMLElement | undefined;
let mounts = 0;

function Page({ broken }: { broken: boolean }) {
  useEffect(() => void (mounts += 1), []);
  if (broken) throw new Error("a bug in the page");
  return createElement("p", { "data-testid": "page" }, "The page");
}

async function show(path: string, broken: boolean) {
  const tree = createElement(MemoryRouter, null, createElement(CrashBoundary, { resetKey: path }, createElement(Page, { broken })));
  const quiet = console.error;
  console.error = () => {}; // React reports the error the boundary caught
  try {
    await act(async () => root!.render(tree));
  } finally {
    console.error = quiet;
  }
}

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  initI18n("en");
});

afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
});

describe("a page that throws", () => {
  it("shows the crash screen with Reload, and navigating elsewhere shows pages again", async () => {
    host = document.createElement("div");
    document.body.append(host);
    root = createRoot(host);
    await show("/en/usage", true);
    expect(get("crash-screen").textContent).toContain("Something went wrong");
    expect(get("crash-screen").textContent).toContain("Reload page");

    await show("/en/home", false);
    expect(find("crash-screen")).toBeNull();
    expect(get("page").textContent).toBe("The page");
  });

  it("does not remount the pages when the path changes without a crash", async () => {
    host = document.createElement("div");
    document.body.append(host);
    root = createRoot(host);
    mounts = 0;
    await show("/en/home", false);
    await show("/en", false);
    expect(mounts).toBe(1);
  });
});
