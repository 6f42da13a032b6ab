// @vitest-environment happy-dom
import { createElement, useState } from "react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { GithubAccountStatus } from "../../../contract";
import { GitHubAccount } from "../../../web/features/workspace/projects/GitHubAccount";
import { useGithubReturn } from "../../../web/features/workspace/projects/useGithubReturn";
import { initI18n } from "../../../web/i18n";
import { stubApi } from "../api-stub";
import { click, find, get, settle } from "../dom-helpers";
import { useRenderHost } from "../render-host";

/** The import dialog's GitHub account line and the way back from GitHub's authorize page. */

const host = useRenderHost();
const isFailure = (answer: unknown): answer is { status: number; error: string } => !!answer && typeof answer === "object" && "error" in answer;
const status = (over: Partial<GithubAccountStatus>): GithubAccountStatus => ({ authorized: false, source: null, login: null, canAuthorize: true, ...over });

function Account({ initial }: { initial: GithubAccountStatus }) {
  const [current, setCurrent] = useState(initial);
  return createElement(GitHubAccount, { status: current, onChange: setCurrent });
}

beforeAll(() => initI18n("en"));

describe("the GitHub account line", () => {
  it("shows the connected login and disconnects through the API, then offers to authorize", async () => {
    const calls = stubApi((call) => (call.method === "DELETE" && call.path === "/api/auth/github" ? status({}) : undefined), isFailure);
    await host().render(createElement(Account, { initial: status({ authorized: true, source: "user", login: "octo" }) }));
    expect(get("github-connected").textContent).toContain("Connected to GitHub as @octo");
    await click("github-disconnect");
    await settle();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["DELETE /api/auth/github"]);
    expect(find("github-connected")).toBeNull();
    expect(get("github-authorize").textContent).toBe("Authorize GitHub");
  });

  it("asks the server for GitHub's address, returning to this page, and goes there", async () => {
    window.history.replaceState(null, "", "/en/workspace?tab=files&github=failed");
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    const calls = stubApi(
      (call) => (call.path === "/api/auth/github/authorize" ? { url: "https://github.com/login/oauth/authorize?state=s" } : undefined),
      isFailure,
    );
    await host().render(createElement(Account, { initial: status({}) }));
    await click("github-authorize");
    await settle();
    expect(calls[0]?.query.get("returnTo")).toBe("/en/workspace?tab=files");
    expect(assign).toHaveBeenCalledWith("https://github.com/login/oauth/authorize?state=s");
  });

  it("offers no button when the server has no OAuth app, and says so", async () => {
    await host().render(createElement(Account, { initial: status({ canAuthorize: false }) }));
    expect(get("github-unauthorized").textContent).toContain("not set up on this server");
    expect(find("github-authorize")).toBeNull();
  });
});

describe("coming back from GitHub", () => {
  function Returning({ onOpen }: { onOpen: () => void }) {
    useGithubReturn(onOpen);
    return null;
  }

  it("opens the import dialog again and takes the result out of the address", async () => {
    window.history.replaceState(null, "", "/en/workspace?x=1&github=connected");
    const open = vi.fn();
    await host().render(createElement(Returning, { onOpen: open }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(`${window.location.pathname}${window.location.search}`).toBe("/en/workspace?x=1");
  });

  it("does nothing on an ordinary visit or an unknown result", async () => {
    const open = vi.fn();
    window.history.replaceState(null, "", "/en/workspace?github=whatever");
    await host().render(createElement(Returning, { onOpen: open }));
    expect(open).not.toHaveBeenCalled();
    expect(window.location.search).toBe("?github=whatever");
  });
});
