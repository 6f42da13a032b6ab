// @vitest-environment happy-dom
import { act, Component, createElement, Fragment, useState, type ReactNode } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { initI18n } from "../../../web/i18n";
import { LazyBoundary, lazyComponent, lazyDialog } from "../../../web/ui/lazy";
import { find, get, settle } from "../dom-helpers";
import { useRenderHost } from "../render-host";

/** A part whose download the test controls: each attempt waits until the test answers it. */
function controlledChunk() {
  const attempts: { resolve: () => void; reject: () => void }[] = [];
  const Part = () => createElement("p", { "data-testid": "part" }, "The part");
  const load = () =>
    new Promise<typeof Part>((resolve, reject) => {
      attempts.push({ resolve: () => resolve(Part), reject: () => reject(new TypeError("Failed to fetch dynamically imported module")) });
    });
  return { attempts, load };
}

/** A click that does not wait for downloads (settle would wait for the ones the test holds back). */
async function press(testId: string) {
  const element = get(testId);
  await act(async () => element.click());
}

/** Stands in for the route's error screen (CrashBoundary). */
class PageErrorScreen extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? createElement("p", { "data-testid": "page-crashed" }, this.state.error.message) : this.props.children;
  }
}

const host = useRenderHost();
const render = (node: ReturnType<typeof createElement>) => host().render(node);

beforeAll(() => initI18n("en"));

describe("a lazily loaded part", () => {
  it("shows a labelled spinner while it downloads, then itself", async () => {
    const chunk = controlledChunk();
    const Lazy = lazyComponent(chunk.load);
    await render(createElement(LazyBoundary, null, createElement(Lazy)));
    expect(get("lazy-loading").querySelector("[role=status]")?.textContent).toBe("Loading...");
    await act(async () => chunk.attempts[0]!.resolve());
    await settle(1);
    expect(find("lazy-loading")).toBeNull();
    expect(get("part").textContent).toBe("The part");
  });

  it("that fails to download shows the failure with Retry, and Retry downloads it again", async () => {
    const chunk = controlledChunk();
    const Lazy = lazyComponent(chunk.load);
    await render(createElement(LazyBoundary, null, createElement(Lazy)));
    await act(async () => chunk.attempts[0]!.reject());
    await settle(1);
    expect(get("lazy-failed").querySelector("[role=alert]")?.textContent).toContain("could not be loaded");
    // The failure stays on screen: nothing downloads again until the user asks.
    expect(chunk.attempts).toHaveLength(1);

    await press("lazy-retry");
    expect(chunk.attempts).toHaveLength(2);
    expect(find("lazy-loading")).not.toBeNull();
    await act(async () => chunk.attempts[1]!.resolve());
    await settle(1);
    expect(get("part").textContent).toBe("The part");
  });

  it("leaves other errors to the page's error screen", async () => {
    const Broken = lazyComponent(async () => () => {
      throw new Error("a bug, not a download");
    });
    const quiet = console.error;
    console.error = () => {}; // React reports the caught error; it is expected here
    try {
      await render(createElement(PageErrorScreen, null, createElement(LazyBoundary, null, createElement(Broken))));
      await settle(1);
    } finally {
      console.error = quiet;
    }
    expect(get("page-crashed").textContent).toBe("a bug, not a download");
    expect(find("lazy-failed")).toBeNull();
  });
});

describe("a lazily loaded dialog", () => {
  it("renders nothing until first opened, downloads then, and stays mounted when closed", async () => {
    const chunk = controlledChunk();
    const Dialog = lazyDialog(async (): Promise<(props: { open: boolean; onOpenChange: (open: boolean) => void }) => ReturnType<typeof createElement>> => {
      await chunk.load();
      return ({ open }) => createElement("div", { "data-testid": "dialog", "data-open": String(open) });
    });
    function Page() {
      const [open, setOpen] = useState(false);
      return createElement(
        Fragment,
        null,
        createElement("button", { "data-testid": "open", onClick: () => setOpen(true) }),
        createElement("button", { "data-testid": "close", onClick: () => setOpen(false) }),
        createElement(Dialog, { open, onOpenChange: setOpen }),
      );
    }
    await render(createElement(Page));
    expect(chunk.attempts).toHaveLength(0);
    expect(find("lazy-loading")).toBeNull();

    await press("open");
    expect(chunk.attempts).toHaveLength(1);
    expect(find("lazy-loading")).not.toBeNull();
    await act(async () => chunk.attempts[0]!.resolve());
    await settle(1);
    expect(get("dialog").dataset.open).toBe("true");

    await press("close");
    expect(get("dialog").dataset.open).toBe("false");
  });
});
