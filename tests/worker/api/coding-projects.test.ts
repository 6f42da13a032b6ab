import { workerFetch } from "../worker-fetch";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PROJECT_TEXTS } from "../../../contract";
import { ORIGIN, call, countRows, devUser, expectError, expectJsonBodyChecks, expectSignedOutRefused, orgOf, setPlanInDb, signUp } from "../helpers";
import { createGroup, inbox, openPrivate, team } from "../chat-helpers";
import { addCodingAgent, createProjectCall, fixtureRepoUrl, newProject, projectPath } from "../project-helpers";

async function hostStatus(path: string): Promise<number> {
  const res = await fetch(`${env.SANDBOX_URL}${path}`, { headers: { authorization: `Bearer ${env.SANDBOX_SECRET}` } });
  await res.body?.cancel();
  return res.status;
}

describe("POST /api/coding-projects", () => {
  it("creates the workspace (a repository with a README) and a private chat with my coding agent, linked both ways", async () => {
    const user = await signUp("Cora Coder");
    const agentId = await addCodingAgent(user);
    const orgId = await orgOf(user);
    const r = await createProjectCall(user, { name: "My First App", description: " A demo ", organizationId: orgId });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const { project, chatId, success } = r.json.data;
    expect(success).toBe(true);
    expect(project).toEqual({
      id: expect.stringMatching(/^proj_/),
      name: "My First App",
      description: "A demo",
      directoryName: "My-First-App",
      directoryPath: `/workspaces/${user.id}/${project.id}`,
      gitInitialized: true,
      httpRepoUrl: null,
      sshRepoUrl: null,
      branch: "main",
      isImported: 0,
      status: "active",
      currentUse: false,
      organizationId: orgId,
      ownerId: user.id,
      chatId,
      chatName: "Coding Agent",
      chatType: "virtual_employee",
      chatOwnerId: user.id,
      chatOwnerName: "Cora Coder",
      approvalPolicy: "ask",
      createdAt: expect.any(String),
    });
    expect(await hostStatus(`/workspaces/${user.id}/${project.id}`)).toBe(200);
    const readme = await call(`${projectPath(project.id, "file-content")}?filePath=README.md`, { token: user.token });
    expect(readme.json.data.content).toBe("# My First App\n");
    const chat = await call(`/api/chats/${chatId}`, { token: user.token });
    expect(chat.json.data).toMatchObject({ id: chatId, chatType: "virtual_employee", project_id: project.id });
    expect(chat.json.data.participants.map((p: any) => p.id).sort()).toEqual([user.id, agentId].sort());
  });

  it("gives every project its own chat, separate from my ordinary chat with the agent", async () => {
    const user = await signUp();
    const agentId = await addCodingAgent(user);
    // Several projects: a paid plan (the free plan allows one).
    await setPlanInDb(user.id, true, "starter");
    const plain = (await openPrivate(user, agentId, "virtual_employee")).json.data.chatId;
    const a = await newProject(user, "Alpha");
    const b = await newProject(user, "Beta");
    expect(new Set([plain, a.chatId, b.chatId]).size).toBe(3);
    expect((await openPrivate(user, agentId, "virtual_employee")).json.data).toMatchObject({ chatId: plain, existing: true });
  });

  it("announces the new chat on my inbox", async () => {
    const user = await signUp();
    await addCodingAgent(user);
    const box = await inbox(user);
    const { chatId, projectId } = await newProject(user, "Announced");
    const added = await box.next((f) => f.type === "group_add" && f.chat.id === chatId);
    expect(added.chat).toMatchObject({ chatType: "virtual_employee", project_id: projectId });
  });

  it("reuses the chat I name when it is my free private chat with the coding agent", async () => {
    const user = await signUp();
    const agentId = await addCodingAgent(user);
    await setPlanInDb(user.id, true, "starter");
    const chatId = (await openPrivate(user, agentId, "virtual_employee")).json.data.chatId;
    const first = await createProjectCall(user, { name: "Reuse", chatId });
    expect(first.json.data.chatId).toBe(chatId);
    expect((await call(`/api/chats/${chatId}`, { token: user.token })).json.data.project_id).toBe(first.json.data.project.id);
    // Taken now: the next project gets a chat of its own, the first keeps its link.
    const second = await createProjectCall(user, { name: "Another", chatId });
    expect(second.status, JSON.stringify(second.json)).toBe(200);
    expect(second.json.data.chatId).not.toBe(chatId);
    expect((await call(`/api/chats/${chatId}`, { token: user.token })).json.data.project_id).toBe(first.json.data.project.id);
  });

  it("validates the name with the spec's texts", async () => {
    const user = await signUp();
    await addCodingAgent(user);
    expectError(await createProjectCall(user, {}), 400, PROJECT_TEXTS.nameRequired);
    expectError(await createProjectCall(user, { name: "   " }), 400, PROJECT_TEXTS.nameRequired);
    expectError(await createProjectCall(user, { name: "x".repeat(51) }), 400, PROJECT_TEXTS.nameTooLong);
    for (const name of ["my/project", "app.js", "naïve", "a;rm -rf"]) expectError(await createProjectCall(user, { name }), 400, PROJECT_TEXTS.nameChars);
    expect((await createProjectCall(user, { name: "y".repeat(50) })).status).toBe(200);
    await expectJsonBodyChecks("/api/coding-projects", "POST", user.token, { name: "Ok" });
    expect(await countRows("coding_project WHERE owner_id = ?", user.id)).toBe(1);
  });

  it("needs a coding agent, and my own current organization", async () => {
    const user = await signUp();
    expectError(await createProjectCall(user, { name: "Nope" }), 400, PROJECT_TEXTS.noCodingAgent);
    await addCodingAgent(user);
    const other = await signUp();
    expectError(await createProjectCall(user, { name: "Nope", organizationId: await orgOf(other) }), 400, "Please select an organization first!");
    expect(await countRows("coding_project WHERE owner_id = ?", user.id)).toBe(0);
  });

  it("imports a repository: named after it, on its branch, with its files and history", async () => {
    const user = await signUp();
    await addCodingAgent(user);
    await setPlanInDb(user.id, true, "starter");
    const url = fixtureRepoUrl();
    const r = await createProjectCall(user, { name: "demo.app", httpRepoUrl: url, isImported: 2, branch: "master", useGithubAuth: true });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data.project).toMatchObject({
      name: "demo-app",
      directoryName: "demo-app",
      isImported: 2,
      branch: "master",
      httpRepoUrl: url,
      gitInitialized: true,
    });
    const id = r.json.data.project.id;
    expect((await call(`${projectPath(id, "file-content")}?filePath=src/main.ts`, { token: user.token })).json.data.content).toContain(
      "hello from the fixture",
    );
    expect((await call(projectPath(id, "commits"), { token: user.token })).json.data.commits.map((c: any) => c.message)).toEqual(["Fixture commit"]);

    // Self-hosted import without a name: derived from the URL; a missing branch falls back to the default.
    const self = await createProjectCall(user, { httpRepoUrl: url, isImported: true, branch: "main" });
    expect(self.status, JSON.stringify(self.json)).toBe(200);
    expect(self.json.data.project).toMatchObject({ name: "demo-app", isImported: 1, branch: "master" });
  });

  it("rolls back when the host cannot import, answering the spec's text", async () => {
    const user = await signUp();
    await addCodingAgent(user);
    const res = await workerFetch(`${ORIGIN}/api/coding-projects`, {
      method: "POST",
      headers: { origin: ORIGIN, authorization: `Bearer ${user.token}`, "content-type": "application/json" },
      // The loopback git server answers, but has no such repository.
      body: JSON.stringify({ name: "broken", httpRepoUrl: fixtureRepoUrl().replace("demo.app", "missing.git"), isImported: 1 }),
    });
    expect(res.status).toBe(502);
    const body = (await res.json()) as any;
    // The host's git output is not passed on: it can name the URL with its token, or tell ports apart.
    expect(body).toEqual({ code: 502, message: "Import failed, please try again", data: null });
    expect(await countRows("coding_project WHERE owner_id = ?", user.id)).toBe(0);
    expect(await countRows("chat WHERE owner_id = ?", user.id)).toBe(0);
    expectError(await createProjectCall(user, { name: "x", httpRepoUrl: "ssh://git@example.com/x.git" }), 400, "Invalid repository URL");
  });

  it("refuses imports from private addresses and local files before the host connects", async () => {
    const user = await signUp();
    await addCodingAgent(user);
    const sandboxPort = new URL(env.SANDBOX_URL!).port;
    const refused = [
      `http://127.0.0.1:${sandboxPort}/x.git`,
      `git://0x7f.1:${sandboxPort}/x`,
      `git://2130706433/x`,
      "git://[::ffff:127.0.0.1]/x",
      "https://localhost/x.git",
      "http://169.254.169.254/latest/meta-data",
      "https://10.1.2.3/team/app.git",
      "git://gitlab/team/app",
      "https://git.corp.internal/team/app.git",
    ];
    for (const httpRepoUrl of refused) {
      expectError(await createProjectCall(user, { name: "probe", httpRepoUrl, isImported: 1 }), 400, "This server address is not allowed");
    }
    // file:// would clone the host's own folders, another user's workspace included.
    expectError(await createProjectCall(user, { name: "probe", httpRepoUrl: "file:///tmp/other-user/project", isImported: 1 }), 400, "Invalid repository URL");
    expect(await countRows("coding_project WHERE owner_id = ?", user.id)).toBe(0);
  });

  it("a token in the import URL is never answered back or stored, even when the clone fails", async () => {
    const user = await signUp();
    await addCodingAgent(user);
    const token = "glpat-SECRET-import-token";
    // git:// cannot carry credentials, so the host's clone fails and its error would quote them.
    const withToken = fixtureRepoUrl().replace("git://", `git://oauth2:${token}@`);
    const res = await workerFetch(`${ORIGIN}/api/coding-projects`, {
      method: "POST",
      headers: { origin: ORIGIN, authorization: `Bearer ${user.token}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "secret", httpRepoUrl: withToken, isImported: 1 }),
    });
    expect(res.status).toBe(502);
    expect(await res.text()).not.toContain(token);
    expect(await countRows("coding_project WHERE http_repo_url LIKE ?", `%${token}%`)).toBe(0);
  });
});

describe("listing, reading, deleting", () => {
  it("lists projects I own or whose chat I am in, in my current organization, newest first", async () => {
    const { admin, members, orgId } = await team("Mia Member");
    const mia = members[0]!;
    const agentId = await addCodingAgent(admin);
    await setPlanInDb(admin.id, true, "starter");
    const first = await newProject(admin, "First");
    const second = await newProject(admin, "Second");
    const list = await call("/api/coding-projects", { token: admin.token });
    expect(list.json.data.projects.map((p: any) => p.id)).toEqual([second.projectId, first.projectId]);
    expect((await call("/api/coding-projects", { token: mia.token })).json.data.projects).toEqual([]);

    // Linking a group Mia is in to the first project shows it to her.
    const group = await createGroup(admin, [mia], [agentId], "Build Room");
    const link = await call("/api/chats/update-project-id", { token: admin.token, body: { chatId: group, projectId: first.projectId } });
    expect(link.status, JSON.stringify(link.json)).toBe(200);
    expect(link.json.data).toMatchObject({
      success: true,
      chatId: group,
      projectId: first.projectId,
      project: { chatId: group, chatType: "single_group", chatName: "Build Room" },
    });
    const hers = (await call("/api/coding-projects", { token: mia.token })).json.data.projects;
    expect(hers).toEqual([expect.objectContaining({ id: first.projectId, organizationId: orgId, chatOwnerName: "Alice Owner" })]);
    expect((await call(projectPath(first.projectId), { token: mia.token })).json.data.id).toBe(first.projectId);
    // The project's old chat no longer points at it.
    expect((await call(`/api/chats/${first.chatId}`, { token: admin.token })).json.data.project_id).toBeNull();
  });

  it("update-project-id needs the owner of both", async () => {
    const { admin, members } = await team("Mia Member");
    const mia = members[0]!;
    const agentId = await addCodingAgent(admin);
    const { projectId } = await newProject(admin);
    const group = await createGroup(admin, [mia], [agentId]);
    expectError(
      await call("/api/chats/update-project-id", { token: mia.token, body: { chatId: group, projectId } }),
      403,
      "Only the chat owner can change its project",
    );
    const stranger = await signUp();
    expectError(await call("/api/chats/update-project-id", { token: stranger.token, body: { chatId: group, projectId } }), 404);
    await addCodingAgent(mia);
    const hers = await newProject(mia, "Hers");
    expectError(
      await call("/api/chats/update-project-id", { token: admin.token, body: { chatId: group, projectId: hers.projectId } }),
      404,
      "Project not found",
    );
    expectError(await call("/api/chats/update-project-id", { token: admin.token, body: { chatId: group } }), 400);
    await expectSignedOutRefused("/api/chats/update-project-id", "POST", { chatId: group, projectId });
  });

  it("hides a project from strangers and lets only the owner delete it", async () => {
    const { admin, members } = await team("Mia Member");
    const mia = members[0]!;
    const agentId = await addCodingAgent(admin);
    const { projectId, chatId } = await newProject(admin);
    const stranger = await signUp();
    for (const u of [stranger, mia]) {
      expectError(await call(projectPath(projectId), { token: u.token }), 404, "Project not found");
      expectError(await call(projectPath(projectId), { token: u.token, method: "DELETE" }), 404, "Project not found");
    }
    const group = await createGroup(admin, [mia], [agentId]);
    await call("/api/chats/update-project-id", { token: admin.token, body: { chatId: group, projectId } });
    expectError(await call(projectPath(projectId), { token: mia.token, method: "DELETE" }), 403, "Only the project owner can delete this project");

    const gone = await call(projectPath(projectId), { token: admin.token, method: "DELETE" });
    expect(gone.json.data).toEqual({ success: true, id: projectId });
    expectError(await call(projectPath(projectId), { token: admin.token }), 404);
    expect(await hostStatus(`/workspaces/${admin.id}/${projectId}`)).toBe(404);
    expect((await call(`/api/chats/${group}`, { token: admin.token })).json.data.project_id).toBeNull();
    expect((await call(`/api/chats/${chatId}`, { token: admin.token })).status).toBe(200);
  });

  it("deletes the project's own coding chat with it, telling the owner's tabs", async () => {
    const owner = await signUp("Olga Owner");
    await addCodingAgent(owner);
    const { projectId, chatId } = await newProject(owner, "Short Lived");
    const tabs = await inbox(owner);
    expect((await call(projectPath(projectId), { token: owner.token, method: "DELETE" })).status).toBe(200);
    expect(await tabs.next((f) => f.type === "group_remove" && f.chatId === chatId)).toMatchObject({ reason: "dissolved" });
    expectError(await call(`/api/chats/${chatId}`, { token: owner.token }), 404);
  });

  it("registers a project for the agent server, recreating a workspace the host lost", async () => {
    const owner = await signUp("Reggie Register");
    await addCodingAgent(owner);
    const { projectId } = await newProject(owner, "Registered");
    const register = () =>
      call("/api/coding/projects", { token: owner.token, body: { project_id: projectId, org_id: "x", project_name: "Registered", is_imported: false } });
    expect((await register()).json.data).toEqual({ success: true, project_dir_path: `/workspaces/${owner.id}/${projectId}`, created: false });
    // The host loses the workspace (a new disk); registering brings it back with a fresh repository.
    const gone = await fetch(`${env.SANDBOX_URL}/workspaces/${owner.id}/${projectId}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${env.SANDBOX_SECRET}` },
    });
    expect(gone.status).toBe(200);
    expect((await register()).json.data.created).toBe(true);
    expect(await hostStatus(`/workspaces/${owner.id}/${projectId}`)).toBe(200);
    const stranger = await signUp();
    expectError(await call("/api/coding/projects", { token: stranger.token, body: { project_id: projectId } }), 404, "Project not found");
  });

  it("refuses signed-out callers", async () => {
    await expectSignedOutRefused("/api/coding-projects");
    await expectSignedOutRefused("/api/coding-projects", "POST", { name: "x" });
    await expectSignedOutRefused("/api/coding-projects/proj_x");
    await expectSignedOutRefused("/api/coding-projects/proj_x", "DELETE");
  });
});

describe("PUT /api/v2/coding-projects/{id}/agent-settings", () => {
  const settings = (id: string) => `/api/v2/coding-projects/${id}/agent-settings`;
  const put = (token: string, id: string, body: unknown) => call(settings(id), { token, method: "PUT", body });
  const policyOf = async (token: string, id: string) => (await call(projectPath(id), { token })).json.data.approvalPolicy;

  it("lets the owner choose the approval policy; a member of its chat is refused with the spec's text, a stranger sees no project", async () => {
    const { admin, members } = await team("Mia Member");
    const mia = members[0]!;
    const agentId = await addCodingAgent(admin);
    const { projectId } = await newProject(admin, "Policies");
    const group = await createGroup(admin, [mia], [agentId], "Build Room");
    await call("/api/chats/update-project-id", { token: admin.token, body: { chatId: group, projectId } });
    expect(await policyOf(admin.token, projectId)).toBe("ask");

    const set = await put(admin.token, projectId, { approvalPolicy: "auto_edits" });
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    expect(set.json).toEqual({ code: 200, message: expect.any(String), data: { approvalPolicy: "auto_edits" } });
    expect(await policyOf(mia.token, projectId)).toBe("auto_edits");

    expectError(await put(mia.token, projectId, { approvalPolicy: "ask" }), 403, PROJECT_TEXTS.agentSettingsDenied);
    const stranger = await signUp();
    expectError(await put(stranger.token, projectId, { approvalPolicy: "ask" }), 404, "Project not found");
    expectError(await put(admin.token, "proj_missing", { approvalPolicy: "ask" }), 404, "Project not found");
    expect(await policyOf(admin.token, projectId)).toBe("auto_edits");

    expect((await put(admin.token, projectId, { approvalPolicy: "ask" })).json.data).toEqual({ approvalPolicy: "ask" });
    expect(await policyOf(admin.token, projectId)).toBe("ask");
  });

  it("refuses a body without a known policy, and signed-out callers", async () => {
    const user = await signUp();
    await addCodingAgent(user);
    const { projectId } = await newProject(user);
    for (const body of [{}, { approvalPolicy: "always" }, { approvalPolicy: null }, { approvalPolicy: 1 }])
      expectError(await put(user.token, projectId, body), 400, body.approvalPolicy === undefined ? undefined : "approvalPolicy must be ask or auto_edits");
    await expectJsonBodyChecks(settings(projectId), "PUT", user.token, { approvalPolicy: "ask" });
    await expectSignedOutRefused(settings(projectId), "PUT", { approvalPolicy: "ask" });
    expect(await policyOf(user.token, projectId)).toBe("ask");
  });
});

describe("vm-url and dev mode", () => {
  it("defaults to this product's sandbox API; a saved URL counts only for developers", async () => {
    const user = await signUp();
    expect((await call(`/api/vm-url-storage?userId=${user.id}`, { token: user.token })).json.data).toEqual({ vmUrl: "http://localhost/api/sandbox" });
    expect((await call("/api/vm-dev-mode", { token: user.token })).json.data).toEqual({ devMode: false, vmUrl: "http://localhost/api/sandbox" });
    expectError(await call(`/api/vm-url-storage?userId=someone-else`, { token: user.token }), 403, "You can only read your own VM URL");
    expect((await call("/api/vm-url-storage", { token: user.token, body: { vmUrl: "https://vm.example.com/" } })).json.data).toEqual({
      success: true,
      vmUrl: "https://vm.example.com",
      devMode: false,
    });
    expect((await call("/api/vm-dev-mode", { token: user.token })).json.data.devMode).toBe(false);
    for (const vmUrl of ["ftp://x", "not a url", "javascript:alert(1)", ""])
      expectError(await call("/api/vm-url-storage", { token: user.token, body: { vmUrl } }), 400);

    const dev = await devUser();
    await call("/api/vm-url-storage", { token: dev.token, body: { vmUrl: "http://127.0.0.1:9000" } });
    expect((await call("/api/vm-dev-mode", { token: dev.token })).json.data).toEqual({ devMode: true, vmUrl: "http://127.0.0.1:9000" });
    expect((await call("/api/vm-url-storage", { token: dev.token })).json.data).toEqual({ vmUrl: "http://127.0.0.1:9000" });
    await expectSignedOutRefused("/api/vm-dev-mode");
    await expectSignedOutRefused("/api/vm-url-storage", "POST", { vmUrl: "https://x.example" });
  });
});
