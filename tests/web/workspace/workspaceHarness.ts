// Renders real workspace components in happy-dom against a stubbed fetch that answers the way the
// Worker does (the {code, data, message} envelope), and records every call the browser made.
import { act, createElement, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { MemoryRouter } from "react-router";
import { mutate, SWRConfig } from "swr";
import type { ChatListItem, CodingProject, FileNode, GitStatus, ProjectConfig } from "../../../contract";
import { resetClient } from "../../../web/app/api/client";
import { WorkspaceProvider } from "../../../web/features/workspace/layout/WorkspaceContext";
import { useDocumentsStore } from "../../../web/features/workspace/viewer/documents";
import { useTabsStore } from "../../../web/features/workspace/viewer/tabsStore";
import { initI18n } from "../../../web/i18n";
import { stubApi, type Call } from "../api-stub";

export type { Call };

/** What a route answers: the `data` of the envelope, or an error with its status and message. */
export type Answer = unknown | { error: string; status: number };
export type Route = (call: Call) => Answer | undefined;

export const fail = (status: number, error: string) => ({ error, status });
const isFailure = (answer: unknown): answer is { error: string; status: number } =>
  !!answer && typeof answer === "object" && "error" in answer && "status" in answer && Object.keys(answer).length === 2;

export function makeProject(id: string, extra: Partial<CodingProject> = {}): CodingProject {
  return {
    id,
    name: "Launch site",
    description: "",
    directoryName: "launch-site",
    directoryPath: `/workspaces/u1/${id}`,
    gitInitialized: true,
    httpRepoUrl: null,
    sshRepoUrl: null,
    branch: "main",
    isImported: 0,
    status: "active",
    currentUse: true,
    organizationId: "org_1",
    ownerId: "u1",
    chatId: "chat_1",
    chatName: "Launch",
    chatType: "single_group",
    chatOwnerId: "u1",
    chatOwnerName: "Ann Owner",
    approvalPolicy: "ask",
    createdAt: "2025-01-01T00:00:00.000Z",
    ...extra,
  };
}

export function makeConfig(extra: Partial<ProjectConfig["permissions"]> = {}, sandbox: Partial<ProjectConfig["sandbox"]> = {}): ProjectConfig {
  return {
    sandbox: { available: true, baseUrl: "http://localhost", status: "active", ...sandbox },
    project: { directoryName: "launch-site", directoryPath: "/workspaces/u1/p1" },
    permissions: { canEdit: true, canUpload: true, canUseTerminal: true, canRestart: true, canKill: true, ...extra },
  };
}

export const node = (path: string, type: "file" | "directory" = "file"): FileNode => ({
  id: path,
  name: path.split("/").pop() ?? path,
  path,
  type,
  size: type === "file" ? 10 : 0,
  lastModified: "2025-01-01T00:00:00.000Z",
  isHidden: false,
});

export const gitAnswer = (status: Partial<GitStatus> = {}) => ({
  success: true,
  status: { branch: "main", files: [], hasChanges: false, hasRemote: false, ...status },
  error: null,
});

export const chatOf = (projectId: string): ChatListItem =>
  ({ id: "chat_1", project_id: projectId, chatOwnerId: "u1", chatOwnerName: "Ann Owner" }) as ChatListItem;

export interface Harness {
  calls: Call[];
  host: HTMLElement;
  /** Renders `node` with an empty SWR cache and waits for the first answers. */
  show(node: ReactNode): Promise<void>;
  /** Renders `node` inside the workspace of `projectId` (chat chat_1). */
  showWorkspace(projectId: string, node: ReactNode): Promise<void>;
  unmount(): void;
}

export { click, find, get, settle } from "../dom-helpers";
import { get, settle } from "../dom-helpers";

/** Starts a harness whose fetch asks `route` first; what it does not answer is 404. */
export function startHarness(route: Route): Harness {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  initI18n("en");
  resetClient();
  useTabsStore.setState({ projectId: null, tabs: [], activeId: null });
  useDocumentsStore.setState({ docs: new Map() });
  const calls = stubApi(route, isFailure);
  const host = document.createElement("div");
  document.body.append(host);
  const root: Root = createRoot(host);
  const show = async (content: ReactNode) => {
    // The app's one default cache, as in production (the workspace revalidates with the global mutate), emptied per test.
    await mutate(() => true, undefined, { revalidate: false });
    const page = createElement(SWRConfig, { value: { dedupingInterval: 0 } }, content);
    await act(async () => root.render(createElement(MemoryRouter, { initialEntries: ["/en/home"] }, page)));
    await settle();
  };
  return {
    calls,
    host,
    show,
    showWorkspace: (projectId, content) => show(createElement(WorkspaceProvider, { chat: chatOf(projectId), children: content })),
    unmount: () => {
      act(() => root.unmount());
      host.remove();
      document.body.innerHTML = "";
    },
  };
}

/** Types into a React-controlled field the way a browser does (the native setter, then an input event). */
export async function typeInto(testId: string, value: string): Promise<void> {
  const field = get(testId) as HTMLInputElement | HTMLTextAreaElement;
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set;
  await act(async () => {
    setter?.call(field, value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });
}
