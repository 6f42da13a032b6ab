import { afterAll, beforeAll, expect } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { newPerson } from "./browser.ts";
import { ACME, ALICE, eventually, serverSession, setPlan, signIn, signUp, uniqueEmail, uniqueName, useOrganization, writeHeaders } from "./flows.ts";

// Helpers of the coding workspace tests: docs/workspace-api.md, web/features/workspace.

async function data<T>(res: { status(): number; text(): Promise<string> }, status = 200): Promise<T> {
  const body = await res.text();
  expect(res.status(), body).toBe(status);
  return JSON.parse(body).data as T;
}

/** Acme's invite code (scripts/demo-data.ts). */
export const ACME_INVITE = "ACMEDEMO22";

export async function joinOrganization(page: Page, inviteCode: string): Promise<void> {
  await data(await page.request.post("/api/organizations/join", { data: { inviteCode }, headers: writeHeaders(page) }));
}

/**
 * Creating a project needs a VIRE of the user's with agentType coding_agent (docs/workspace-api.md);
 * one is made through the VIRE API when the user has none.
 */
export async function ensureCodingAgent(page: Page): Promise<{ id: string; created: boolean }> {
  const list = await data<{ virtualEmployees: { id: string; agentType: string }[] }>(await page.request.get("/api/virtual-employees"));
  const existing = list.virtualEmployees.find((v) => v.agentType === "coding_agent");
  if (existing) return { id: existing.id, created: false };
  const created = await data<{ id: string }>(
    await page.request.post("/api/virtual-employees", {
      data: { name: uniqueName("Coder"), role: "Coding Agent", agentType: "coding_agent", skills: ["TypeScript"] },
      headers: writeHeaders(page),
    }),
  );
  return { id: created.id, created: true };
}

/** Deletes a VIRE; answers the chats that went with it (its private chats, project chats included). */
export async function deleteAgent(page: Page, vireId: string): Promise<string[]> {
  return (await data<{ deletedChatIds: string[] }>(await page.request.delete(`/api/virtual-employees/${vireId}`, { headers: writeHeaders(page) })))
    .deletedChatIds;
}

export interface ProjectOwner {
  page: Page;
  /**
   * A project made through the API, opened from the sidebar's project menu (starting from /home);
   * `prepare` runs between the two, e.g. to change a file before the workspace first looks.
   */
  openFreshProject(
    prefix: string,
    prepare?: (project: { projectId: string; name: string }) => Promise<void>,
  ): Promise<{ projectId: string; chatId: string; name: string }>;
  /** Notes a project (and its chat) or a group for the clean-up at the end of the file. */
  made(project: { projectId: string; chatId: string }): void;
  madeGroup(chatId: string): void;
  /** The owner's sign-in, for a test that signs in again elsewhere (a second browser, a signed-out link). */
  credentials: { email: string; password: string };
}

/**
 * The projects' owner: a fresh user who joined Acme (as a new colleague would), with a coding agent
 * of their own, not Alice. Every project gets a private chat with its owner's coding agent, and no
 * API removes that chat except deleting the agent. Alice's Cody must stay, and chats left in her
 * list would be what her next sign-in opens (chat.test.ts expects the Launch Team there). At the
 * end the projects, groups and the agent (with the projects' chats) are deleted.
 */
/** The free plan allows one project and these tests make several: a developer (Alice) moves the owner to a paid plan. */
async function onPaidPlan(browser: Browser, userId: string): Promise<void> {
  const developer = await newPerson(browser);
  try {
    await signIn(developer.page, ALICE.email, ALICE.password);
    await setPlan(developer.page, userId, "professional");
  } finally {
    await developer.context.close();
  }
}

export function useProjectOwner(browser: () => Browser): () => ProjectOwner {
  let person: { context: BrowserContext; page: Page } | undefined;
  let agentId = "";
  const credentials = { email: uniqueEmail("wendy"), password: "orange-e2e-kettle" };
  const projects: string[] = [];
  const projectChats: string[] = [];
  const groups: string[] = [];
  const made = (project: { projectId: string; chatId: string }) => {
    projects.push(project.projectId);
    projectChats.push(project.chatId);
  };

  beforeAll(async () => {
    person = await newPerson(browser());
    const page = person.page;
    await signUp(page, "Wendy Workspace", credentials.email, credentials.password);
    await onPaidPlan(browser(), (await serverSession(page)).id);
    await joinOrganization(page, ACME_INVITE);
    await useOrganization(page, ACME);
    await page.goto("/en/home");
    await page.getByTestId("chat-list").waitFor();
    agentId = (await ensureCodingAgent(page)).id;
  });

  afterAll(async () => {
    if (person) {
      const page = person.page;
      for (const id of projects) await deleteProject(page, id);
      for (const id of groups) expect((await page.request.delete(`/api/group-chats/${id}`, { headers: writeHeaders(page) })).status()).toBe(200);
      if (agentId) await deleteAgent(page, agentId);
      // Deleting a project dissolves its own coding chat, so none of them is left behind.
      for (const chatId of projectChats) expect((await page.request.get(`/api/chats/${chatId}`, { headers: writeHeaders(page) })).status()).toBe(404);
    }
    await person?.context.close();
  });

  return () => {
    if (!person) throw new Error("the project owner is not signed up yet");
    const page = person.page;
    return {
      page,
      made,
      madeGroup: (chatId) => groups.push(chatId),
      credentials,
      async openFreshProject(prefix, prepare) {
        const name = uniqueName(prefix);
        const project = await createProjectByApi(page, name);
        made(project);
        await prepare?.({ projectId: project.projectId, name });
        await page.goto("/en/home");
        await page.getByTestId("chat-list").waitFor();
        await openProjectFromLauncher(page, project.projectId, project.chatId);
        return { ...project, name };
      },
    };
  };
}

/** A project made through the REST API (for tests about something after creation). */
export async function createProjectByApi(page: Page, name: string): Promise<{ projectId: string; chatId: string }> {
  const answer = await data<{ project: { id: string }; chatId: string }>(
    await page.request.post("/api/coding-projects", { data: { name }, headers: writeHeaders(page) }),
  );
  return { projectId: answer.project.id, chatId: answer.chatId };
}

export async function deleteProject(page: Page, projectId: string): Promise<void> {
  const res = await page.request.delete(`/api/coding-projects/${projectId}`, { headers: writeHeaders(page) });
  expect([200, 404], await res.text()).toContain(res.status());
}

/** Opens a project from the sidebar's Coding Projects menu and waits for its workspace with README.md. */
export async function openProjectFromLauncher(page: Page, projectId: string, chatId: string): Promise<void> {
  await page.getByTestId("projects-launcher").click();
  await page.getByTestId(`projects-launcher-item-${projectId}`).click();
  await page.waitForURL(new RegExp(`chatId=${chatId}`));
  await waitForWorkspace(page);
}

/** The three-area layout with the project loaded: explorer shows the tree, README.md is in it. */
export async function waitForWorkspace(page: Page): Promise<void> {
  await page.getByTestId("workspace-layout").waitFor({ timeout: 30_000 });
  await page.getByTestId("explorer-node-README.md").waitFor({ timeout: 30_000 });
}

/** Opens a file from the explorer in the viewer; Markdown files are switched to their source. */
export async function openFromExplorer(page: Page, path: string): Promise<void> {
  await page.getByTestId(`explorer-node-${path}`).click();
  await page.getByTestId(`viewer-tab-${path}`).waitFor();
  await eventually(() => page.getByTestId(`viewer-tab-${path}`).getAttribute("aria-selected")).toBe("true");
  if (path.endsWith(".md")) await showSource(page);
  await page.getByTestId("code-editor-content").waitFor();
}

/** Markdown opens rendered; the 'Source' toggle shows the editor. */
export async function showSource(page: Page): Promise<void> {
  const source = page.getByTestId("markup-source");
  if ((await source.getAttribute("aria-pressed")) !== "true") await source.click();
}

/** The text the editor (or the right side of the diff) shows now. */
export async function editorText(page: Page): Promise<string> {
  return page.getByTestId("code-editor-content").evaluate((el) =>
    Array.from(el.querySelectorAll(".cm-line"))
      .map((line) => line.textContent ?? "")
      .join("\n"),
  );
}

/** Types at the end of the open document, as a user would. */
export async function typeAtEnd(page: Page, text: string): Promise<void> {
  await page.getByTestId("code-editor-content").click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(text);
}

/** The lines the terminal screen shows (xterm's DOM rows), with non-breaking spaces made plain. */
export async function terminalLines(page: Page): Promise<string[]> {
  const text = await page.getByTestId("terminal-screen").locator(".xterm-rows").innerText();
  return text
    .replace(/\u00a0/g, " ")
    .split("\n")
    .map((line) => line.trimEnd());
}

/** Types a command into the focused terminal and presses Enter. */
export async function runInTerminal(page: Page, command: string): Promise<void> {
  await page.getByTestId("terminal-screen").click();
  await page.keyboard.type(command);
  await page.keyboard.press("Enter");
}

/** A free-looking TCP port for a test server (random, so reruns and leftovers do not collide). */
export function testPort(): number {
  return 20_000 + Math.floor(Math.random() * 20_000);
}

/** Clicks Service Status' Refresh until `check` holds for the table (the services list is loaded on demand). */
export async function refreshServicesUntil(page: Page, check: () => Promise<boolean>, timeout = 30_000): Promise<void> {
  const deadline = Date.now() + timeout;
  const refresh = page.getByTestId("service-refresh");
  for (;;) {
    // Let a running load finish before judging what the table shows.
    await eventually(() => refresh.isEnabled()).toBe(true);
    if (await check()) return;
    if (Date.now() > deadline) throw new Error("Service Status never showed the expected state");
    await refresh.click();
  }
}

/**
 * Notes every distinct state of the viewer's save badge and whether the tab's unsaved dot was
 * ever shown, so a quick dirty → saving → saved run is seen even between two looks.
 */
export async function recordSaving(page: Page, path: string): Promise<void> {
  await page.evaluate((dotId) => {
    const w = window as unknown as { __e2eSave?: { states: string[]; dot: boolean }; __e2eSaveObs?: MutationObserver };
    w.__e2eSaveObs?.disconnect();
    const rec = { states: [] as string[], dot: false };
    w.__e2eSave = rec;
    const scan = () => {
      const state = document.querySelector('[data-testid="save-state"]')?.getAttribute("data-state") ?? "none";
      if (rec.states[rec.states.length - 1] !== state) rec.states.push(state);
      if (document.querySelector(`[data-testid="${dotId}"]`)) rec.dot = true;
    };
    scan();
    w.__e2eSaveObs = new MutationObserver(scan);
    w.__e2eSaveObs.observe(document.body, { subtree: true, childList: true, attributes: true });
  }, `viewer-tab-dirty-${path}`);
}

export async function readSaving(page: Page): Promise<{ states: string[]; dot: boolean }> {
  return page.evaluate(() => (window as unknown as { __e2eSave: { states: string[]; dot: boolean } }).__e2eSave);
}

/** The file as the server has it now (what autosave wrote). */
export async function serverFile(page: Page, projectId: string, filePath: string): Promise<string> {
  const res = await page.request.get(`/api/coding-projects/${projectId}/file-content?filePath=${encodeURIComponent(filePath)}`);
  return (await data<{ content: string }>(res)).content;
}

export async function writeServerFile(page: Page, projectId: string, filePath: string, content: string): Promise<void> {
  await data(
    await page.request.post(`/api/coding-projects/${projectId}/file-content?filePath=${encodeURIComponent(filePath)}`, {
      data: { file_content: content },
      headers: writeHeaders(page),
    }),
  );
}

export async function commitHashes(page: Page, projectId: string): Promise<{ hash: string; message: string }[]> {
  return (await data<{ commits: { hash: string; message: string }[] }>(await page.request.get(`/api/coding-projects/${projectId}/commits`))).commits;
}

/** A group of the page's user with the given people (and VIREs of theirs), through the chat API (docs/chat-api.md). */
export async function createGroupByApi(page: Page, name: string, userIds: string[], vireIds: string[] = []): Promise<string> {
  const participants = [
    ...userIds.map((id) => ({ id, type: "user", role: "member" })),
    ...vireIds.map((id) => ({ id, type: "virtual_employee", role: "member" })),
  ];
  const answer = await data<{ groupChat: { id: string } }>(
    await page.request.post("/api/group-chats", { data: { name, description: "", participants }, headers: writeHeaders(page) }),
  );
  return answer.groupChat.id;
}

/** Makes `chatId` the project's chat (docs/workspace-api.md "Linking"): its members get access. */
export async function linkProjectToChat(page: Page, chatId: string, projectId: string): Promise<void> {
  await data(await page.request.post("/api/chats/update-project-id", { data: { chatId, projectId }, headers: writeHeaders(page) }));
}

/** The coding agent's approval policy of a project (its owner only): "auto_edits" lets file edits and commits through. */
export async function setApprovalPolicy(page: Page, projectId: string, approvalPolicy: "ask" | "auto_edits"): Promise<void> {
  await data(await page.request.put(`/api/v2/coding-projects/${projectId}/agent-settings`, { data: { approvalPolicy }, headers: writeHeaders(page) }));
}

/**
 * Takes a VIRE out of a group (its owner only). The owner's last group with an agent cannot be
 * dissolved and a VIRE in a group cannot be deleted, so a test's agent group is undone this way first.
 */
export async function removeVireFromGroup(page: Page, chatId: string, vireId: string): Promise<void> {
  await data(
    await page.request.delete(`/api/group-chats/${chatId}/participants`, {
      data: { participantIds: [vireId], participantType: "virtual_employee" },
      headers: writeHeaders(page),
    }),
  );
}
