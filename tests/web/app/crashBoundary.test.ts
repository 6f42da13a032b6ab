// @vitest-environment happy-dom
import { createElement, useEffect } from "react";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { CrashBoundary } from "../../../web/app/routes/CrashBoundary";
import { initI18n } from "../../../web/i18n";
import { find, get } from "../dom-helpers";
import { useRenderHost } from "../render-host";

const host = useRenderHost();
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
    await host().render(tree);
  } finally {
    console.error = quiet;
  }
}

beforeAll(() => initI18n("en"));

describe("a page that throws", () => {
  it("shows the crash screen with Reload, and navigating elsewhere shows pages again", async () => {
    await show("/en/usage", true);
    expect(get("crash-screen").textContent).toContain("Something went wrong");
    expect(get("crash-screen").textContent).toContain("Reload page");

    await show("/en/home", false);
    expect(find("crash-screen")).toBeNull();
    expect(get("page").textContent).toBe("The page");
  });

  it("does not remount the pages when the path changes without a crash", async () => {
    mounts = 0;
    await show("/en/home", false);
    await show("/en", false);
    expect(mounts).toBe(1);
  });
});
