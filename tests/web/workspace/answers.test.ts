// @vitest-environment happy-dom
import { act, createElement, type ReactNode } from "react";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { BatchStatusAnswer, ChatListItem, ModelOption, ProjectConfig } from "../../../contract";
import { resetClient } from "../../../web/app/api/client";
import { useComposerSettings } from "../../../web/features/chat/agent/hooks/useComposerSettings";
import { RequestStatusContext, useRequestStatus, useRequestStatusStore } from "../../../web/features/chat/agent/hooks/useRequestStatus";
import { DEFAULT_MODELS } from "../../../web/features/chat/agent/model/composerSettings";
import { useWorkspace, WorkspaceProvider } from "../../../web/features/workspace/layout/WorkspaceContext";
import { jsonResponse } from "../browserStubs";
import { useRenderHost } from "../render-host";
import { makeProject } from "./workspaceHarness";

// The SPA reads each answer exactly as the Worker sends it: the envelope {code, data, message}
// around the contract's type, unwrapped once by the API client.
const envelope = (data: unknown) => ({ code: 200, data, message: "ok" });

const project = makeProject("p1", { directoryPath: "/workspaces/launch-site", chatType: "group" });
const config = {
  sandbox: { available: true, baseUrl: "https://sandbox.example.dev", status: "active" },
  project: { directoryName: "launch-site", directoryPath: "/workspaces/launch-site" },
  permissions: { canEdit: true, canUpload: true, canUseTerminal: false, canRestart: false, canKill: false },
} satisfies ProjectConfig;
const chat = { id: "chat_1", project_id: "p1", chatOwnerId: "u1", chatOwnerName: "Ann Owner" } as ChatListItem;

let answers: Record<string, unknown>;
const host = useRenderHost();

beforeEach(() => {
  resetClient();
  answers = {};
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), "http://localhost").pathname;
      return path in answers ? jsonResponse(envelope(answers[path])) : jsonResponse({ code: 404, data: null, message: "Not found" }, 404);
    }),
  );
});

async function show(node: ReactNode): Promise<string> {
  // A fresh SWR cache per test, so no answer leaks from one test into the next.
  await host().render(createElement(SWRConfig, { value: { provider: () => new Map(), dedupingInterval: 0 } }, node));
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
  return host().element.textContent ?? "";
}

function WorkspaceSummary() {
  const { project: shown, config: permissions, ownerName } = useWorkspace();
  return `${shown?.name ?? "none"} | edit:${permissions?.permissions.canEdit ?? "?"} | terminal:${permissions?.permissions.canUseTerminal ?? "?"} | owner:${ownerName}`;
}

describe("the workspace context", () => {
  it("shows the project and the caller's permissions as the project and config routes answer them", async () => {
    answers["/api/coding-projects/p1"] = project;
    answers["/api/coding-projects/p1/config"] = config;
    const text = await show(createElement(WorkspaceProvider, { chat, children: createElement(WorkspaceSummary) }));
    expect(text).toBe("Launch site | edit:true | terminal:false | owner:Ann Owner");
  });

  it("has no project while the project cannot be loaded", async () => {
    const text = await show(createElement(WorkspaceProvider, { chat, children: createElement(WorkspaceSummary) }));
    expect(text).toBe("none | edit:? | terminal:? | owner:Ann Owner");
  });
});

function ModelNames() {
  return useComposerSettings()
    .models.map((m) => `${m.name}${m.isOpen ? "" : " (closed)"}`)
    .join(", ");
}

describe("the model selector's list", () => {
  it("is the router's list from the envelope, closed models marked", async () => {
    answers["/api/llm/router/models"] = [
      { key: "claude-sonnet-4", name: "Claude Sonnet 4", isOpen: true },
      { key: "gpt-5", name: "GPT-5", isOpen: false },
    ] satisfies ModelOption[];
    expect(await show(createElement(ModelNames))).toBe("Claude Sonnet 4, GPT-5 (closed)");
  });

  it("stays the spec's defaults when the router has no models", async () => {
    answers["/api/llm/router/models"] = [];
    expect(await show(createElement(ModelNames))).toBe(DEFAULT_MODELS.map((m) => m.name).join(", "));
  });
});

function Card({ requestId }: { requestId: string }) {
  const { status } = useRequestStatus({ requestId, chatId: "chat_1" }, true);
  return `${requestId}:${status ?? "pending"} `;
}

function Cards() {
  const store = useRequestStatusStore();
  return createElement(
    RequestStatusContext.Provider,
    { value: store },
    createElement(Card, { requestId: "req_1" }),
    createElement(Card, { requestId: "req_2" }),
  );
}

describe("permission cards' statuses", () => {
  it("show what the batch status route answers and stay pending for requests it does not know", async () => {
    answers["/api/request-permission/batch-status"] = { success: true, data: [{ requestId: "req_1", status: "approve" }] } satisfies BatchStatusAnswer;
    expect((await show(createElement(Cards))).trim()).toBe("req_1:approve req_2:pending");
  });
});
