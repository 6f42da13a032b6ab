import { describe, expect, it } from "vitest";
import { newPerson, useBrowser } from "./browser.ts";
import { BOB, eventually, readRecording, signInToAcme, startRecording, uniqueName } from "./flows.ts";
import {
  commitHashes,
  createGroupByApi,
  createProjectByApi,
  editorText,
  linkProjectToChat,
  openFromExplorer,
  openProjectFromLauncher,
  readSaving,
  recordSaving,
} from "./workspace-flows.ts";
import {
  refreshServicesUntil,
  runInTerminal,
  serverFile,
  terminalLines,
  testPort,
  typeAtEnd,
  useProjectOwner,
  waitForWorkspace,
  writeServerFile,
} from "./workspace-flows.ts";

const browser = useBrowser();
/** A fresh user in Acme who owns this file's projects (see useProjectOwner for why not Alice). */
const owner = useProjectOwner(browser);

describe("coding workspace", () => {
  it("creates a project through the dialog and opens its three-area workspace", async () => {
    const page = owner().page;
    await page.goto("/en/home");
    await page.getByTestId("chat-list").waitFor();
    await startRecording(page, ["project-loading-overlay"]);

    await page.getByTestId("projects-launcher").click();
    await page.getByTestId("projects-launcher-add-project").click();
    const dialog = page.getByTestId("create-project-dialog");
    await dialog.waitFor();
    // The organization is the one the owner works in (Acme), shown locked; an empty name cannot be submitted.
    await eventually(() => page.getByTestId("create-project-organization").inputValue()).toBe("Acme Robotics");
    expect(await page.getByTestId("create-project-submit").isDisabled()).toBe(true);

    await page.getByTestId("create-project-name").fill("bad/name");
    await page.getByTestId("create-project-submit").click();
    await dialog.getByText("Project name can only contain letters, numbers, spaces, hyphens and underscores").waitFor();
    expect(await page.getByTestId("create-project-name").getAttribute("aria-invalid")).toBe("true");
    expect((await readRecording(page)).seen).not.toContain("project-loading-overlay");

    const name = uniqueName("Rocket");
    await page.getByTestId("create-project-name").fill(name);
    await page.getByTestId("create-project-description").fill("A rocket for the e2e tests");
    await dialog.getByText("Project name can only contain").waitFor({ state: "detached" });
    await page.getByTestId("create-project-submit").click();

    await page.getByText(`Project "${name}" created successfully!`).first().waitFor({ timeout: 60_000 });
    await page.waitForURL(/chatId=/);
    await dialog.waitFor({ state: "detached" });
    expect((await readRecording(page)).seen).toContain("project-loading-overlay");
    await page.getByTestId("project-loading-overlay").waitFor({ state: "detached" });

    const chatId = new URL(page.url()).searchParams.get("chatId")!;
    const listed = (await (await page.request.get("/api/coding-projects")).json()).data.projects as {
      id: string;
      name: string;
      chatId: string;
      description: string;
    }[];
    const project = listed.find((p) => p.name === name)!;
    expect(project).toMatchObject({ chatId, description: "A rocket for the e2e tests" });
    owner().made({ projectId: project.id, chatId });

    // Explorer | viewer | chat, with the project's chat in the chat area and in the sidebar.
    await waitForWorkspace(page);
    for (const panel of ["explorer", "viewer", "chat"]) expect(await page.getByTestId(`workspace-${panel}-panel`).isVisible()).toBe(true);
    expect(await page.getByTestId("workspace-chat-panel").getByTestId("composer-input").isVisible()).toBe(true);
    await page.getByTestId(`chat-row-${chatId}`).waitFor();
    expect(await page.getByTestId("project-dropdown-current").textContent()).toBe(name);
    await eventually(() => page.getByTestId("git-branch").textContent()).toContain("main");

    // The project dropdown lists it as the current project.
    await page.getByTestId("project-dropdown").click();
    expect(await page.getByTestId(`project-dropdown-item-${project.id}`).getAttribute("aria-current")).toBe("true");
    await page.keyboard.press("Escape");

    // Its README is the generated one.
    await openFromExplorer(page, "README.md");
    await eventually(() => editorText(page)).toBe(`# ${name}\n`);
  }, 180_000);

  it("uploads a file, autosaves an edit of README.md and shows it against HEAD", async () => {
    const page = owner().page;
    const { projectId, name } = await owner().openFreshProject("Editing");

    // Upload a small file into the project root: it appears in the tree as untracked.
    await page.getByTestId("explorer-upload-input").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("uploaded from e2e\n") });
    await page.getByText("Uploaded notes.txt").first().waitFor({ timeout: 30_000 });
    const notes = page.getByTestId("explorer-node-notes.txt");
    await notes.waitFor();
    await eventually(() => notes.getAttribute("data-status")).toBe("untracked");
    await openFromExplorer(page, "notes.txt");
    await eventually(() => editorText(page)).toBe("uploaded from e2e\n");

    // Type into README.md: the tab shows the unsaved dot, then autosave stores it (no key pressed).
    await openFromExplorer(page, "README.md");
    await eventually(() => editorText(page)).toBe(`# ${name}\n`);
    expect(await page.getByTestId("save-state").getAttribute("data-state")).toBe("saved");
    await recordSaving(page, "README.md");
    await typeAtEnd(page, "Edited in the browser.");
    await eventually(() => page.getByTestId("save-state").getAttribute("data-state")).toBe("saved");
    await page.getByTestId("viewer-tab-dirty-README.md").waitFor({ state: "detached" });
    const saving = await readSaving(page);
    expect(saving.dot).toBe(true);
    expect(saving.states).toContain("dirty");
    expect(saving.states.at(-1)).toBe("saved");
    expect(await serverFile(page, projectId, "README.md")).toBe(`# ${name}\nEdited in the browser.`);

    // Git lists it as modified, in the changes and in the tree.
    await page.getByTestId("git-file-README.md").getByLabel("modified").waitFor();
    await eventually(() => page.getByTestId("explorer-node-README.md").getAttribute("data-status")).toBe("modified");
    expect(await page.getByTestId("git-changed-files").locator("li").count()).toBe(2); // README.md and notes.txt

    // From the changes list it opens side by side: HEAD on the left, the working copy on the right.
    await page.getByTestId("git-file-README.md").click();
    const diff = page.getByTestId("diff-view");
    await diff.waitFor();
    expect(await diff.textContent()).toContain("HEAD");
    expect(await diff.textContent()).toContain("Working Directory");
    const original = await page.getByTestId("diff-original").evaluate((el) => el.textContent);
    expect(original).toContain(`# ${name}`);
    expect(original).not.toContain("Edited in the browser.");
    expect(await editorText(page)).toContain("Edited in the browser.");
  }, 180_000);

  it("commits from the commit dialog, lists both commits and checks out the first one", async () => {
    const page = owner().page;
    // The change to commit is written before the project is opened, so the first status shows it.
    const project = await owner().openFreshProject("History", (made) =>
      writeServerFile(page, made.projectId, "README.md", `# ${made.name}\n\nSecond version.\n`),
    );
    const name = project.name;
    await openFromExplorer(page, "README.md");
    await eventually(() => editorText(page)).toBe(`# ${name}\n\nSecond version.\n`);
    await page.getByTestId("git-file-README.md").waitFor();

    await page.getByTestId("git-commit-open").click();
    const dialog = page.getByTestId("commit-dialog");
    await dialog.waitFor();
    await page.getByTestId("commit-message").fill("Write the second version");
    await page.getByTestId("commit-submit").click();
    await dialog.waitFor({ state: "detached" });
    const [mine, initial] = await commitHashes(page, project.projectId);
    expect(mine!.message).toBe("Write the second version");
    expect(initial!.message).toBe("Initial commit");
    await page
      .getByText(`Committed ${mine!.hash.slice(0, 8)}`)
      .first()
      .waitFor();
    // The changes list empties.
    await eventually(() => page.getByTestId("git-changed-files").locator("li").count()).toBe(0);
    await page.getByTestId("git-section").getByText("No changes").waitFor();

    // History: two commits, newest first.
    await page.getByTestId("git-commit-open").click();
    await page.getByTestId("commit-mode-history").click();
    const rows = page.getByTestId("commit-history").locator('[data-testid^="commit-row-"]');
    await eventually(() => rows.count()).toBe(2);
    expect(await rows.nth(0).getAttribute("data-testid")).toBe(`commit-row-${mine!.hash.slice(0, 8)}`);
    expect(await rows.nth(0).textContent()).toContain("Write the second version");
    expect(await rows.nth(1).getAttribute("data-testid")).toBe(`commit-row-${initial!.hash.slice(0, 8)}`);
    expect(await rows.nth(1).textContent()).toContain("Initial commit");

    // Checking out the first commit asks first, then the open README goes back to its first text.
    await page.getByTestId(`commit-checkout-${initial!.hash.slice(0, 8)}`).click();
    await page.getByTestId("checkout-confirm").waitFor();
    await page.getByTestId("checkout-confirm-ok").click();
    await page
      .getByText(`Switched to ${initial!.hash.slice(0, 8)}`)
      .first()
      .waitFor();
    await page.getByTestId("checkout-confirm").waitFor({ state: "detached" });
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await eventually(() => editorText(page)).toBe(`# ${name}\n`);
    expect(await page.getByTestId("save-state").getAttribute("data-state")).toBe("saved");
    await eventually(() => page.getByTestId("git-branch").textContent()).toContain("HEAD");
    expect(await serverFile(page, project.projectId, "README.md")).toBe(`# ${name}\n`);
  }, 180_000);

  it("runs commands in the owner's terminal and stops a service from Service Status", async () => {
    const page = owner().page;
    await owner().openFreshProject("Services");
    const terminalButton = page.getByTestId("terminal-open");
    expect(await terminalButton.getAttribute("aria-disabled")).toBeNull();
    await terminalButton.click();
    await page.getByTestId("terminal-window").waitFor();
    await eventually(() => page.getByTestId("terminal-status").getAttribute("data-state"), 60_000).toBe("connected");

    await runInTerminal(page, "echo hello-e2e");
    await eventually(() => terminalLines(page)).toContain("hello-e2e");

    // A web server in the background; the shell says when it accepts connections.
    const port = testPort();
    await runInTerminal(page, `python3 -m http.server ${port} --bind 127.0.0.1 >/dev/null 2>&1 &`);
    await runInTerminal(page, `until (exec 3<>/dev/tcp/127.0.0.1/${port}) 2>/dev/null; do sleep 0.2; done; echo server-up-${port}`);
    await eventually(() => terminalLines(page), 30_000).toContain(`server-up-${port}`);
    await page.getByTestId("terminal-minimise").click();
    await page.getByTestId("terminal-pill").waitFor();

    await page.getByTestId("service-status-open").click();
    const modal = page.getByTestId("service-status-modal");
    await modal.waitFor();
    const row = page.getByTestId(`service-row-${port}`);
    await refreshServicesUntil(page, async () => (await row.count()) === 1);
    expect(await page.getByTestId(`service-status-${port}`).textContent()).toBe("available");

    await page.getByTestId(`service-kill-${port}`).click();
    await page.getByTestId("kill-confirm").waitFor();
    await page.getByTestId("kill-confirm-ok").click();
    await page.getByText(`Successfully killed process on port ${port}`).first().waitFor({ timeout: 30_000 });
    await refreshServicesUntil(page, async () => (await row.count()) === 0);
    await page.getByTestId("service-close").click();
    await modal.waitFor({ state: "detached" });
  }, 180_000);

  it("shows a project only to people in its chat; a member cannot open the terminal", async () => {
    const name = uniqueName("Private");
    const project = await createProjectByApi(owner().page, name);
    owner().made(project);
    const bob = await newPerson(browser());
    try {
      await signInToAcme(bob.page, BOB);
      // Not in the project's chat: the project does not exist for Bob.
      expect((await bob.page.request.get(`/api/coding-projects/${project.projectId}`)).status()).toBe(404);
      await bob.page.getByTestId("projects-launcher").click();
      const menu = bob.page.getByTestId("projects-launcher-menu");
      await menu.waitFor();
      await eventually(() => menu.locator('[role="status"]').count()).toBe(0);
      await eventually(
        async () => (await menu.getByTestId("projects-launcher-search").count()) + (await menu.getByTestId("projects-launcher-empty").count()),
      ).toBe(1);
      expect(await menu.getByTestId(`projects-launcher-item-${project.projectId}`).count()).toBe(0);
      await bob.page.keyboard.press("Escape");

      // The owner makes a group with Bob the project's chat: now he sees it and may read it.
      const groupId = await createGroupByApi(owner().page, uniqueName("Project Crew"), [BOB.id]);
      owner().madeGroup(groupId);
      await linkProjectToChat(owner().page, groupId, project.projectId);
      expect((await bob.page.request.get(`/api/coding-projects/${project.projectId}`)).status()).toBe(200);

      await bob.page.goto("/en/home");
      await bob.page.getByTestId("chat-list").waitFor();
      await openProjectFromLauncher(bob.page, project.projectId, groupId);
      // Only the chat owner or the presenter gets a terminal: Bob's button says why and does nothing.
      const terminalButton = bob.page.getByTestId("terminal-open");
      await eventually(() => terminalButton.getAttribute("aria-disabled")).toBe("true");
      expect(await terminalButton.getAttribute("title")).toBe("Only chat owner or presenter can access");
      // aria-disabled (not disabled) keeps the reason readable; a click still reaches it and must do nothing.
      await terminalButton.click({ force: true });
      expect(await bob.page.getByTestId("terminal-window").count()).toBe(0);
      expect(await terminalButton.getAttribute("aria-pressed")).toBe("false");
    } finally {
      await bob.context.close();
    }
  }, 180_000);
});
