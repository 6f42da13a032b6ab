// @vitest-environment happy-dom
import { act, createElement } from "react";
import { Router, type Navigator, type To } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { useQueryWriter, type QueryWriter } from "../../../../web/app/routes/useQueryWriter";
import { clearSelection, getSelection, selectChat } from "../../../../web/app/session/selection";
import { useChatSelectionSync } from "../../../../web/features/home/useChatSelectionSync";
import { useRenderHost } from "../../render-host";

const host = useRenderHost();

/**
 * A router like BrowserRouter: navigating rewrites the address bar at once, while the location the
 * app renders with is committed later (BrowserRouter commits it in a transition). `commit` hands
 * the app one of those late locations.
 */
function laggingRouter() {
  let writer: QueryWriter | null = null;
  // Like the browser's history, it reads its live location from the address bar.
  const navigator: Navigator & { readonly location: { search: string } } = {
    get location() {
      return { search: window.location.search };
    },
    createHref: (to) => (typeof to === "string" ? to : `${to.pathname ?? ""}${to.search ?? ""}`),
    go: () => {},
    push: (to) => window.history.pushState(null, "", `/en/home${searchOf(to)}`),
    replace: (to) => window.history.replaceState(null, "", `/en/home${searchOf(to)}`),
  };
  function Sync() {
    useChatSelectionSync();
    writer = useQueryWriter();
    return null;
  }
  const commit = (search: string) => host().render(createElement(Router, { location: { pathname: "/en/home", search }, navigator }, createElement(Sync)));
  /** A write through the app's query writer, as the Contacts button or the search dialog make. */
  const write = (change: (query: URLSearchParams) => void) => act(async () => writer!(change));
  return { commit, write };
}

const searchOf = (to: To) => (typeof to === "string" ? to.slice(to.indexOf("?")) : (to.search ?? ""));
const inAddressBar = () => new URLSearchParams(window.location.search).get("chatId");

describe("the open chat and ?chatId=", () => {
  beforeEach(() => {
    clearSelection();
    window.history.replaceState(null, "", "/en/home?chatId=chat_a");
  });

  it("opens the chat the address names on arrival, and writes a chat picked later", async () => {
    const router = laggingRouter();
    await router.commit("?chatId=chat_a");
    expect(getSelection().chatId).toBe("chat_a");
    await act(async () => selectChat("chat_b"));
    expect(inAddressBar()).toBe("chat_b");
    await router.commit("?chatId=chat_b");
    expect(getSelection().chatId).toBe("chat_b");
  });

  it("a location the router commits late never takes the reader back to the chat they just left", async () => {
    const router = laggingRouter();
    await router.commit("?chatId=chat_a");
    // A new group opens (the address bar says B at once), then the reader taps chat C before the
    // router has committed B.
    await act(async () => selectChat("chat_b"));
    await act(async () => selectChat("chat_c"));
    expect(inAddressBar()).toBe("chat_c");
    // Now B arrives, late.
    await router.commit("?chatId=chat_b");
    expect(getSelection().chatId).toBe("chat_c");
    expect(inAddressBar()).toBe("chat_c");
    await router.commit("?chatId=chat_c");
    expect(getSelection().chatId).toBe("chat_c");
  });

  it("the back button's address opens its chat, and an address without one closes the chat", async () => {
    const router = laggingRouter();
    await router.commit("?chatId=chat_a");
    window.history.replaceState(null, "", "/en/home?chatId=chat_d");
    await router.commit("?chatId=chat_d");
    expect(getSelection().chatId).toBe("chat_d");
    window.history.replaceState(null, "", "/en/home");
    await router.commit("");
    expect(getSelection().chatId).toBe(null);
  });

  it("a query written before the router caught up keeps the chat just opened", async () => {
    const router = laggingRouter();
    await router.commit("?chatId=chat_a");
    await act(async () => selectChat("chat_b"));
    // Contacts opens before the router has committed chat_b.
    await router.write((query) => query.set("view", "contacts"));
    expect(window.location.search).toBe("?chatId=chat_b&view=contacts");
    await router.commit("?chatId=chat_b&view=contacts");
    expect(getSelection().chatId).toBe("chat_b");
  });
});
