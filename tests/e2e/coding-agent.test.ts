import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { scriptDirective, type ScriptStep } from "../fakes/fake-llm-script.ts";
import { newPerson, resizeTo, useBrowser } from "./browser.ts";
import { BOB, eventually, signInToAcme, uniqueName, waitConnected } from "./flows.ts";
import {
  commitHashes,
  createGroupByApi,
  createProjectByApi,
  editorText,
  ensureCodingAgent,
  linkProjectToChat,
  openFromExplorer,
  openProjectFromLauncher,
  removeVireFromGroup,
  serverFile,
  setApprovalPolicy,
  useProjectOwner,
} from "./workspace-flows.ts";

const browser = useBrowser();
/** A fresh user in Acme who owns the project and its group (see useProjectOwner for why not Alice). */
const owner = useProjectOwner(browser);

const ADDED_LINE = "Edited by the coding agent.";
const COMMIT_MESSAGE = "Note the agent's edit in the README";
const FINAL_TEXT = "README.md has the new line, checked and committed.";
const CHECK_COMMAND = `grep -c "${ADDED_LINE}" README.md && echo check-ok`;

type Todo = { id: string; description: string; status: "pending" | "in_progress" | "completed" };
const todos = (statuses: Todo["status"][]): { name: string; input: { items: Todo[] } } => ({
  name: "update_todos",
  input: {
    items: [
      { id: "1", description: "Read README.md", status: statuses[0]! },
      { id: "2", description: "Add a line to README.md", status: statuses[1]! },
      { id: "3", description: "Check the line with a command", status: statuses[2]! },
    ],
  },
});

/** What the fake model plays: plan, read, edit, run (asks), complete the plan, commit, answer. */
function agentScript(projectName: string): ScriptStep[] {
  return [
    { tools: [todos(["in_progress", "pending", "pending"])] },
    { tools: [{ name: "read_file", input: { path: "README.md" } }] },
    { tools: [todos(["completed", "in_progress", "pending"])] },
    { tools: [{ name: "edit_file", input: { path: "README.md", old_text: `# ${projectName}`, new_text: `# ${projectName}\n\n${ADDED_LINE}` } }] },
    { tools: [{ name: "run_command", input: { command: CHECK_COMMAND } }] },
    { tools: [todos(["completed", "completed", "completed"])] },
    { tools: [{ name: "git_commit", input: { message: COMMIT_MESSAGE } }] },
    { text: FINAL_TEXT },
  ];
}

/** The chat panel's card of the agent's call of `tool` (tool names are not in any argument here). */
function toolCard(page: Page, tool: string): Locator {
  return page.getByTestId("workspace-chat-panel").locator('[data-testid^="tool-card-"]', { hasText: tool });
}

/** Whether `row` is drawn inside the chat panel's message list (not scrolled out of it). */
async function shownInList(page: Page, row: Locator): Promise<boolean> {
  const box = await row.boundingBox({ timeout: 1000 }).catch(() => null);
  const list = await page.getByTestId("workspace-chat-panel").locator(".message-list__scroller").boundingBox();
  return !!box && !!list && box.height > 0 && box.y < list.y + list.height && box.y + box.height > list.y;
}

/**
 * Notes every distinct progress text of the todo list ('2/3 · 67%'), so a state the list shows
 * only briefly (all complete, then hidden after 5 s) is seen even between two looks.
 */
async function recordTodoProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __e2eTodos?: string[]; __e2eTodoObs?: MutationObserver };
    w.__e2eTodoObs?.disconnect();
    const seen: string[] = [];
    w.__e2eTodos = seen;
    const scan = () => {
      const count = document.querySelector('[data-testid="todo-count"]')?.textContent ?? "hidden";
      const subtitle = document.querySelector('[data-testid="todo-subtitle"]')?.textContent ?? "";
      const state = subtitle ? `${count} ${subtitle}` : count;
      if (seen[seen.length - 1] !== state) seen.push(state);
    };
    scan();
    w.__e2eTodoObs = new MutationObserver(scan);
    w.__e2eTodoObs.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

async function readTodoProgress(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __e2eTodos: string[] }).__e2eTodos);
}

/**
 * Whether the page scrolls sideways (with the outermost elements that stick out, to say why) and
 * which of `boxes` do not lie inside the viewport's width.
 */
async function horizontalFit(page: Page, boxes: Locator[]): Promise<{ scrolls: string[] | false; outside: string[] }> {
  const scrolls = await page.evaluate(() => {
    const root = document.scrollingElement!;
    if (root.scrollWidth <= root.clientWidth) return false as const;
    const width = root.clientWidth;
    const name = (el: Element) => el.getAttribute("data-testid") ?? `${el.tagName.toLowerCase()}.${Array.from(el.classList).join(".")}`;
    return Array.from(document.body.querySelectorAll("*"))
      .filter((el) => el.getBoundingClientRect().right > width + 0.5 && !(el.parentElement && el.parentElement.getBoundingClientRect().right > width + 0.5))
      .map((el) => `${name(el)} (right ${Math.round(el.getBoundingClientRect().right)})`);
  });
  const width = page.viewportSize()!.width;
  const outside: string[] = [];
  for (const box of boxes) {
    const rect = await box.boundingBox();
    if (!rect || rect.x < 0 || rect.x + rect.width > width + 0.5) outside.push(`${await box.getAttribute("data-testid")}: ${JSON.stringify(rect)}`);
  }
  return { scrolls, outside };
}

/**
 * A project whose chat is the team's group (the owner, Bob and the owner's coding agent), where
 * edits and commits go through and a command is always asked about, opened by the owner with
 * README.md in a tab.
 */
async function openAgentProject(page: Page, name: string) {
  const project = await createProjectByApi(page, name);
  owner().made(project);
  const agent = await ensureCodingAgent(page);
  const groupId = await createGroupByApi(page, uniqueName("Agent Crew"), [BOB.id], [agent.id]);
  owner().madeGroup(groupId);
  await linkProjectToChat(page, groupId, project.projectId);
  await setApprovalPolicy(page, project.projectId, "auto_edits");
  await page.goto("/en/home");
  await page.getByTestId("chat-list").waitFor();
  await openProjectFromLauncher(page, project.projectId, groupId);
  await openFromExplorer(page, "README.md");
  return { project, agent, groupId };
}

describe("the coding agent in the workspace", () => {
  it("plans, edits the open file, runs an approved command and commits, watched by a second member", async () => {
    const page = owner().page;
    const name = uniqueName("Agent Run");
    const { project, agent, groupId } = await openAgentProject(page, name);
    await eventually(() => editorText(page)).toBe(`# ${name}\n`);
    const chat = page.getByTestId("workspace-chat-panel");
    await waitConnected(page);
    expect(await chat.getByTestId("chat-tab-agent").getAttribute("aria-selected")).toBe("true");

    const bob = await newPerson(browser());
    try {
      await signInToAcme(bob.page, BOB);
      await openProjectFromLauncher(bob.page, project.projectId, groupId);
      await waitConnected(bob.page);
      expect(await bob.page.getByTestId("chat-tab-agent").getAttribute("aria-selected")).toBe("true");

      await recordTodoProgress(page);
      await chat.getByTestId("composer-input").fill(`Please add a line to README.md and commit it ${scriptDirective(agentScript(name))}`);
      await chat.getByTestId("composer-send").click();

      // The run stops at the command: the controller (the owner, no presenter) is asked.
      const card = page.getByTestId("approval-card");
      await card.waitFor({ timeout: 60_000 });
      expect(await page.getByTestId("approval-content").textContent()).toBe(`The agent wants to run run_command: ${CHECK_COMMAND}. Allow it?`);
      await eventually(() => toolCard(page, "run_command").getAttribute("data-status")).toBe("awaiting_approval");

      // Its plan is on the agent tab, one of three steps done.
      const todoList = page.getByTestId("todo-list");
      await todoList.waitFor();
      await eventually(() => page.getByTestId("todo-count").textContent()).toBe("1/3 · 33%");
      expect(await page.getByTestId("todo-subtitle").textContent()).toBe("Tasks in Progress");
      expect(await todoList.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("33");
      expect(await page.getByTestId("todo-item-1").getAttribute("data-status")).toBe("completed");
      expect(await page.getByTestId("todo-item-2").getAttribute("data-status")).toBe("in_progress");

      // The edit came before the question: the open tab shows it without a reload, nothing unsaved.
      await eventually(() => editorText(page)).toBe(`# ${name}\n\n${ADDED_LINE}\n`);
      expect(await page.getByTestId("save-state").getAttribute("data-state")).toBe("saved");
      expect(await serverFile(page, project.projectId, "README.md")).toBe(`# ${name}\n\n${ADDED_LINE}\n`);
      expect(await toolCard(page, "edit_file").getAttribute("data-status")).toBe("done");

      // Not on the chat-only tab; back on the agent tab, both are there again.
      await chat.getByTestId("chat-tab-discuss").click();
      await todoList.waitFor({ state: "detached" });
      expect(await card.count()).toBe(0);
      await chat.getByTestId("chat-tab-agent").click();
      await todoList.waitFor();
      await card.waitFor();

      // Bob, a member, watches the call wait for approval, with the plan, but cannot answer.
      await eventually(() => toolCard(bob.page, "run_command").getAttribute("data-status"), 30_000).toBe("awaiting_approval");
      expect(await toolCard(bob.page, "run_command").textContent()).toContain("Awaiting approval");
      await eventually(() => bob.page.getByTestId("todo-count").textContent()).toBe("1/3 · 33%");
      expect(await bob.page.getByTestId("approval-card").count()).toBe(0);
      expect(await bob.page.getByTestId("approval-yes").count()).toBe(0);
      expect(await bob.page.getByTestId("approval-no").count()).toBe(0);

      // Turning the phone and switching areas in quick succession leaves the chat at its newest
      // message (its list once stayed scrolled up inside the long request, the cards out of reach).
      for (let i = 0; i < 16; i += 1) {
        await page.setViewportSize({ width: 390, height: 844 });
        if (i % 2) {
          await page.getByTestId("narrow-view-toggle").click();
          await page.getByTestId("narrow-view-toggle").click();
        }
        await page.setViewportSize({ width: 1280, height: 800 });
        if (i % 3 === 0) continue; // the next turn follows at once
        await page.waitForTimeout(300);
        expect(await shownInList(page, toolCard(page, "run_command")), `after turn ${i}`).toBe(true);
      }

      // On a phone-sized screen the list and the card fit: nothing scrolls sideways.
      await resizeTo(page, 390, 844);
      await todoList.waitFor();
      await card.waitFor();
      expect(await horizontalFit(page, [todoList, card, page.getByTestId("approval-yes")])).toEqual({ scrolls: false, outside: [] });
      // A phone shows one area at a time: the files, with the changed tab, then the chat again.
      await page.getByTestId("narrow-view-toggle").click();
      await page.getByTestId("code-editor-content").waitFor();
      expect(await card.isVisible()).toBe(false);
      expect(await editorText(page)).toBe(`# ${name}\n\n${ADDED_LINE}\n`);
      expect(await horizontalFit(page, [page.getByTestId("workspace-viewer-panel")])).toEqual({ scrolls: false, outside: [] });
      await page.getByTestId("narrow-view-toggle").click();
      await card.waitFor();
      await resizeTo(page, 1280, 800);
      // Yes: the command runs and its card turns done, for both.
      await page.getByTestId("approval-yes").click();
      await eventually(() => toolCard(page, "run_command").getAttribute("data-status"), 30_000).toBe("done");
      expect(await toolCard(page, "run_command").textContent()).toContain("check-ok");
      await eventually(() => toolCard(bob.page, "run_command").getAttribute("data-status")).toBe("done");
      // The decided card goes away by itself.
      await card.waitFor({ state: "detached" });

      // The agent finishes: every item completed, the commit made, its answer shown.
      await chat.getByText(FINAL_TEXT).waitFor({ timeout: 60_000 });
      expect(await toolCard(page, "git_commit").getAttribute("data-status")).toBe("done");
      await bob.page.locator(`[data-testid^="message-content-"]`).getByText(FINAL_TEXT).waitFor();
      // The completed list says so, then hides by itself.
      await todoList.waitFor({ state: "detached" });
      const progress = await readTodoProgress(page);
      expect(progress).toContain("1/3 · 33% Tasks in Progress");
      expect(progress).toContain("3/3 · 100% All Tasks Complete");
      expect(progress.at(-1)).toBe("hidden");

      // The commit is in the commit dialog's History, newest first.
      const [latest] = await commitHashes(page, project.projectId);
      expect(latest!.message).toBe(COMMIT_MESSAGE);
      await page.getByTestId("git-commit-open").click();
      const dialog = page.getByTestId("commit-dialog");
      await dialog.waitFor();
      await page.getByTestId("commit-mode-history").click();
      const rows = page.getByTestId("commit-history").locator('[data-testid^="commit-row-"]');
      await eventually(() => rows.count()).toBe(2);
      expect(await rows.nth(0).getAttribute("data-testid")).toBe(`commit-row-${latest!.hash.slice(0, 8)}`);
      expect(await rows.nth(0).textContent()).toContain(COMMIT_MESSAGE);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      // Nothing is left to commit, and the tab still shows the committed text.
      await eventually(() => page.getByTestId("git-changed-files").locator("li").count()).toBe(0);
      expect(await editorText(page)).toBe(`# ${name}\n\n${ADDED_LINE}\n`);
    } finally {
      await bob.context.close();
      // Lets the clean-up at the end of the file dissolve the group and delete the agent.
      await removeVireFromGroup(page, groupId, agent.id);
    }
  }, 240_000);

  it("keeps the chat at the newest card through quick runs after long requests", async () => {
    const page = owner().page;
    const { agent, groupId } = await openAgentProject(page, uniqueName("Agent Bursts"));
    const chat = page.getByTestId("workspace-chat-panel");
    await waitConnected(page);
    const steps = (i: number): ScriptStep[] => [
      { tools: [todos(["in_progress", "pending", "pending"])] },
      { tools: [{ name: "read_file", input: { path: "README.md" } }] },
      { tools: [todos(["completed", "in_progress", "pending"])] },
      { tools: [{ name: "read_file", input: { path: "README.md" } }] },
      { tools: [{ name: "run_command", input: { command: `echo burst-${i}` } }] },
    ];
    try {
      // A long request is drawn at an estimated height and measured taller a moment later; the
      // cards come in that moment. With the list following Virtuoso's own "at bottom", about one
      // run in eleven left the list inside the request, above the card waiting for approval.
      for (let i = 0; i < 30; i += 1) {
        await chat.getByTestId("composer-input").fill(`Run ${i}, please: ${"a long request. ".repeat(60)} ${scriptDirective(steps(i))}`);
        await chat.getByTestId("composer-send").click();
        await page.getByTestId("approval-card").waitFor({ timeout: 30_000 });
        const card = toolCard(page, `burst-${i}`);
        await eventually(() => shownInList(page, card), 5000).toBe(true);
        await page.getByTestId("approval-yes").click();
        await page.getByTestId("approval-card").waitFor({ state: "detached", timeout: 30_000 });
        await eventually(() => card.getAttribute("data-status"), 30_000).toBe("done");
        // The run is over (its pause button gone) before the next request.
        await chat.getByTestId("composer-pause").waitFor({ state: "detached", timeout: 30_000 });
      }
    } finally {
      await removeVireFromGroup(page, groupId, agent.id);
    }
  }, 240_000);
});
