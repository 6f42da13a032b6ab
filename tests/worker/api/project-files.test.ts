import { workerFetch } from "../worker-fetch";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PROJECT_TEXTS } from "../../../contract";
import { ORIGIN, call, expectError, expectSignedOutRefused, signUp, type TestUser } from "../helpers";
import { connect, createGroup, team } from "../chat-helpers";
import { addCodingAgent, newProject, projectPath, saveFile } from "../project-helpers";

const OUTSIDE = "Path outside the workspace";

async function ownProject(name = "Files Project") {
  const owner = await signUp("Olive Owner");
  await addCodingAgent(owner);
  const { projectId } = await newProject(owner, name);
  return { owner, projectId, get: (sub: string) => call(projectPath(projectId, sub), { token: owner.token }) };
}

async function upload(user: TestUser, projectId: string, fields: Record<string, string>, files: [string, string][], path = "file-upload") {
  const form = new FormData();
  for (const [name, content] of files) form.append("file", new Blob([content]), name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await workerFetch(`${ORIGIN}${path.startsWith("/") ? path : projectPath(projectId, path)}`, {
    method: "POST",
    body: form,
    headers: { origin: ORIGIN, authorization: `Bearer ${user.token}` },
  });
  return { status: res.status, json: (await res.json()) as any };
}

describe("editing and git through the Worker", () => {
  it("writes, reads, diffs, commits, lists commits and checks out", async () => {
    const { owner, projectId, get } = await ownProject();
    const status0 = await get("git-status");
    expect(status0.json.data).toEqual({ success: true, status: { branch: "main", files: [], hasChanges: false, hasRemote: false }, error: null });

    expect((await saveFile(owner, projectId, "README.md", "# Changed\n")).json.data).toEqual({ success: true, filePath: "README.md", size: 10, error: null });
    expect((await saveFile(owner, projectId, "src/app.ts", "export {};\n")).status).toBe(200);
    const content = await get("file-content?filePath=src/app.ts");
    expect(content.json.data).toEqual({
      success: true,
      fileName: "app.ts",
      filePath: "src/app.ts",
      size: 11,
      mimeType: "text/plain; charset=utf-8",
      isText: true,
      encoding: "utf8",
      content: "export {};\n",
      error: null,
    });
    const status = (await get("git-status?refresh=true")).json.data.status;
    expect(status.files).toEqual(
      expect.arrayContaining([
        { filePath: "README.md", status: "modified" },
        { filePath: "src/app.ts", status: "untracked" },
      ]),
    );
    expect(status.hasChanges).toBe(true);

    const diff = await get("file-diff?filePath=README.md&fromCommit=HEAD&toCommit=workingDir&getOriginal=true");
    expect(diff.json.data).toEqual({
      filePath: "README.md",
      original: "# Files Project\n",
      modified: "# Changed\n",
      content: "# Files Project\n",
      existsInHead: true,
      existsInWorkingDir: true,
    });
    expect((await get("file-diff?filePath=src/app.ts")).json.data).toMatchObject({
      original: null,
      content: null,
      modified: "export {};\n",
      existsInHead: false,
    });
    expectError(await get("file-diff?filePath=README.md&fromCommit=abc"), 400, "Only fromCommit=HEAD is supported");

    const commit = await call(projectPath(projectId, "commit"), { token: owner.token, body: { message: "Second" } });
    expect(commit.json.data).toEqual({ hash: expect.stringMatching(/^[0-9a-f]{40}$/), message: "Second" });
    expectError(await call(projectPath(projectId, "commit"), { token: owner.token, body: { message: "Again" } }), 400, "Nothing to commit");
    expectError(await call(projectPath(projectId, "commit"), { token: owner.token, body: { message: " " } }), 400, "Please enter a commit message");
    const commits = (await get("commits")).json.data.commits;
    expect(commits.map((c: any) => c.message)).toEqual(["Second", "Initial commit"]);
    expect(commits[0]).toEqual({ hash: commit.json.data.hash, message: "Second", author: "Sandbox", date: expect.any(String) });

    const back = await call(projectPath(projectId, "checkout"), { token: owner.token, body: { commitHash: commits[1].hash } });
    expect(back.json.data).toEqual({ hash: commits[1].hash });
    expect((await get("file-content?filePath=README.md")).json.data.content).toBe("# Files Project\n");
    expectError(await get("file-content?filePath=src/app.ts"), 404);
    expectError(await call(projectPath(projectId, "checkout"), { token: owner.token, body: { commitHash: "zz" } }), 400, "Invalid commit hash");
    expectError(await call(projectPath(projectId, "checkout"), { token: owner.token, body: { commitHash: "abcdef12" } }), 404, "Commit not found");
  });

  it("lists folders lazily with hidden names marked, lists all files, deletes files", async () => {
    const { owner, projectId, get } = await ownProject();
    for (const p of ["src/index.ts", ".env", "node_modules/lib/index.js", "dist/out.js"]) await saveFile(owner, projectId, p, "x");
    const root = (await get("file-tree-lazy?parent_path=")).json.data;
    expect(root.path).toBe("");
    expect(root.children.map((n: any) => [n.name, n.type, n.isHidden])).toEqual([
      ["dist", "directory", true],
      ["node_modules", "directory", true],
      ["src", "directory", false],
      [".env", "file", true],
      ["README.md", "file", false],
    ]);
    expect(root.children[2]).toEqual({ id: "src", name: "src", path: "src", type: "directory", size: 0, lastModified: expect.any(String), isHidden: false });
    expect((await get("file-tree-lazy?parent_path=src")).json.data.children.map((n: any) => n.path)).toEqual(["src/index.ts"]);

    const list = (await get("file-list?include_metadata=false")).json.data;
    expect(list.files).toEqual([
      { name: ".env", path: ".env", type: "file", isHidden: true },
      { name: "README.md", path: "README.md", type: "file", isHidden: false },
      { name: "index.ts", path: "src/index.ts", type: "file", isHidden: false },
    ]);
    expect(list.truncated).toBe(false);
    expect((await get("file-list")).json.data.files[1]).toMatchObject({ path: "README.md", size: expect.any(Number), lastModified: expect.any(String) });
    const v2 = await call(`/api/v2/coding-projects/${projectId}/files?refresh=true`, { token: owner.token });
    expect(v2.json.data.files).toHaveLength(3);

    expect((await call(`${projectPath(projectId, "file")}?filePath=dist`, { token: owner.token, method: "DELETE" })).json.data).toEqual({
      success: true,
      filePath: "dist",
    });
    expectError(await get("file-tree-lazy?parent_path=dist"), 404);
  });

  it("uploads multipart files (to a folder or a path), also under the spec's sandbox path", async () => {
    const { owner, projectId, get } = await ownProject();
    const one = await upload(owner, projectId, { file_path: "assets/logo.svg", overwrite: "true" }, [["ignored.svg", "<svg/>"]]);
    expect(one).toEqual({ status: 200, json: { code: 200, message: "ok", data: { success: true, files: [{ path: "assets/logo.svg", size: 6 }] } } });
    const two = await upload(owner, projectId, { file_path: "docs/" }, [
      ["a.txt", "A"],
      ["b.txt", "BB"],
    ]);
    expect(two.json.data.files).toEqual([
      { path: "docs/a.txt", size: 1 },
      { path: "docs/b.txt", size: 2 },
    ]);
    const refused = await upload(owner, projectId, { file_path: "docs/a.txt", overwrite: "false" }, [["a.txt", "new"]]);
    expect(refused).toMatchObject({ status: 409, json: { message: "File already exists: docs/a.txt" } });
    const alias = await upload(owner, projectId, { file_path: "alias.txt" }, [["x", "via alias"]], `/api/coding/projects/${projectId}/file-upload`);
    expect(alias.json.data.files).toEqual([{ path: "alias.txt", size: 9 }]);
    expect((await get("file-content?filePath=alias.txt")).json.data.content).toBe("via alias");
    expect((await upload(owner, projectId, { file_path: "../evil" }, [["e", "e"]])).json).toMatchObject({ code: 400, message: OUTSIDE });
    const notForm = await call(projectPath(projectId, "file-upload"), { token: owner.token, body: { file: "x" } });
    expectError(notForm, 400, "Expected multipart/form-data");
  });

  it("streams folder downloads with their size headers, and raw files with their type", async () => {
    const { owner, projectId } = await ownProject();
    await saveFile(owner, projectId, "src/a.ts", "12345");
    await saveFile(owner, projectId, "src/page.html", "<script>alert(1)</script>");
    const res = await workerFetch(`${ORIGIN}${projectPath(projectId, "folder-download")}?folderPath=src`, {
      headers: { origin: ORIGIN, authorization: `Bearer ${owner.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/gzip");
    expect(res.headers.get("x-folder-size")).toBe("30");
    expect(res.headers.get("x-file-count")).toBe("2");
    expect(res.headers.get("content-disposition")).toContain('filename="src.tar.gz"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
    const whole = await workerFetch(`${ORIGIN}${projectPath(projectId, "folder-download")}`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(whole.headers.get("x-file-count")).toBe("3");
    await whole.body?.cancel();

    const raw = await workerFetch(`${ORIGIN}${projectPath(projectId, "file-raw")}?filePath=src/page.html&preview=true`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    // Active content never renders when opened: a sandboxed download.
    expect(raw.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(raw.headers.get("content-security-policy")).toMatch(/^sandbox; default-src 'none'/);
    expect(raw.headers.get("x-content-type-options")).toBe("nosniff");
    expect(raw.headers.get("content-disposition")).toBe(`attachment; filename="page.html"; filename*=UTF-8''page.html`);
    expect(await raw.text()).toBe("<script>alert(1)</script>");
    const dl = await workerFetch(`${ORIGIN}${projectPath(projectId, "file-raw")}?filePath=src/a.ts&download=true`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(dl.headers.get("content-disposition")).toMatch(/^attachment; filename="a.ts"/);
    expect(await dl.text()).toBe("12345");
  });

  it("refuses paths outside the workspace with the host's 400", async () => {
    const { owner, projectId, get } = await ownProject();
    for (const bad of ["../etc/passwd", "/etc/passwd", "src/../../x"]) {
      const q = encodeURIComponent(bad);
      expectError(await get(`file-content?filePath=${q}`), 400, OUTSIDE);
      expectError(await get(`file-raw?filePath=${q}`), 400, OUTSIDE);
      expectError(await get(`file-diff?filePath=${q}`), 400, OUTSIDE);
      expectError(await get(`file-tree-lazy?parent_path=${q}`), 400, OUTSIDE);
      expectError(await get(`folder-download?folderPath=${q}`), 400, OUTSIDE);
      expectError(await saveFile(owner, projectId, bad, "x"), 400, OUTSIDE);
      expectError(await call(`${projectPath(projectId, "file")}?filePath=${q}`, { token: owner.token, method: "DELETE" }), 400, OUTSIDE);
    }
    expectError(await get("file-content"), 400, "filePath is required");
    expectError(await get(`file-content?filePath=${"a".repeat(5000)}`), 400, "filePath is too long");
  });

  it("answers config with the caller's permissions, and searches the project", async () => {
    const { owner, projectId, get } = await ownProject();
    const config = (await get("config?use_internal_domain=false")).json.data;
    expect(config).toEqual({
      sandbox: { available: true, baseUrl: ORIGIN, status: null },
      project: { directoryName: "Files-Project", directoryPath: `/workspaces/${owner.id}/${projectId}` },
      permissions: { canEdit: true, canUpload: true, canUseTerminal: true, canRestart: true, canKill: true },
    });
    await saveFile(owner, projectId, "src/util.ts", "export function findWidget() {\n  return 42;\n}\n");
    const found = await call(`/api/v2/coding-projects/${projectId}/search`, {
      token: owner.token,
      body: { query: "widget", searchTypes: ["content", "symbols"] },
    });
    expect(found.json.data).toMatchObject({
      success: true,
      totalResults: 2,
      results: { files: [], content: [{ filePath: "src/util.ts", lineNumber: 1 }], symbols: [{ symbolName: "findWidget", lineNumber: 1 }] },
    });
    expectError(await call(`/api/v2/coding-projects/${projectId}/search`, { token: owner.token, body: { query: "" } }), 400, "Please enter a search query");
    expectError(
      await call(`/api/v2/coding-projects/${projectId}/search`, { token: owner.token, body: { query: "(", contentOptions: { regex: true } } }),
      400,
      "Invalid regular expression",
    );
  });

  it("falls back to a clean status on main when the host has no workspace", async () => {
    const { owner, projectId, get } = await ownProject();
    await fetch(`${env.SANDBOX_URL}/workspaces/${owner.id}/${projectId}`, { method: "DELETE", headers: { authorization: `Bearer ${env.SANDBOX_SECRET}` } });
    expect((await get("git-status")).json.data).toEqual({
      success: false,
      status: { branch: "main", files: [], hasChanges: false, hasRemote: false },
      error: "Workspace not found",
    });
    expect((await get("config")).json.data.sandbox.available).toBe(false);
    expectError(await get("file-content?filePath=README.md"), 404, "Workspace not found");
  });
});

describe("who may do what", () => {
  it("a stranger gets 404 on every route; signed-out callers 401", async () => {
    const { projectId } = await ownProject();
    const stranger = await signUp();
    const routes: [string, string, unknown?][] = [
      ["GET", "git-status"],
      ["GET", "commits"],
      ["POST", "commit", { message: "x" }],
      ["POST", "checkout", { commitHash: "abcd" }],
      ["GET", "file-tree-lazy?parent_path="],
      ["GET", "file-list"],
      ["GET", "folder-download?folderPath="],
      ["GET", "file-raw?filePath=README.md"],
      ["GET", "config"],
      ["GET", "file-content?filePath=README.md"],
      ["POST", "file-content?filePath=README.md", { file_content: "x" }],
      ["GET", "file-diff?filePath=README.md"],
      ["DELETE", "file?filePath=README.md"],
      ["GET", ""],
      ["DELETE", ""],
    ];
    for (const [method, sub, body] of routes) {
      expectError(await call(projectPath(projectId, sub), { token: stranger.token, method, body }), 404, "Project not found");
      await expectSignedOutRefused(projectPath(projectId, sub), method, body);
    }
    expect((await upload(stranger, projectId, {}, [["a", "a"]])).json).toMatchObject({ code: 404, message: "Project not found" });
    expectError(await call(`/api/v2/coding-projects/${projectId}/search`, { token: stranger.token, body: { query: "x" } }), 404, "Project not found");
    expectError(await call(`/api/v2/coding-projects/${projectId}/git-status`, { token: stranger.token }), 404, "Project not found");
  });

  it("members of the chat read and edit; in an agent group the presenter (and the owner while someone presents) is read-only", async () => {
    const { admin: owner, members } = await team("Paul Presenter", "Meg Member");
    const [paul, meg] = members as [TestUser, TestUser];
    const agentId = await addCodingAgent(owner);
    const { projectId } = await newProject(owner, "Shared");
    const group = await createGroup(owner, [paul, meg], [agentId], "Shared Room");
    expect((await call("/api/chats/update-project-id", { token: owner.token, body: { chatId: group, projectId } })).status).toBe(200);

    expect((await call(`${projectPath(projectId, "file-content")}?filePath=README.md`, { token: meg.token })).json.data.content).toBe("# Shared\n");
    expect((await saveFile(paul, projectId, "paul.txt", "before presenting")).status).toBe(200);
    expect((await call(projectPath(projectId, "config"), { token: meg.token })).json.data.permissions).toEqual({
      canEdit: true,
      canUpload: true,
      canUseTerminal: false,
      canRestart: false,
      canKill: false,
    });

    const ownerSock = await connect(group, owner);
    ownerSock.send({ type: "set_controller", presenter: paul.id, action: "approve" });
    await ownerSock.next((f) => f.type === "assign_success");

    expectError(await saveFile(paul, projectId, "paul.txt", "x"), 403, PROJECT_TEXTS.readOnly);
    expectError(await saveFile(owner, projectId, "paul.txt", "x"), 403, PROJECT_TEXTS.readOnly);
    expectError(await call(`${projectPath(projectId, "file")}?filePath=paul.txt`, { token: paul.token, method: "DELETE" }), 403, PROJECT_TEXTS.readOnly);
    expectError(await call(projectPath(projectId, "commit"), { token: paul.token, body: { message: "x" } }), 403, PROJECT_TEXTS.readOnly);
    expect((await upload(paul, projectId, {}, [["p.txt", "p"]])).json).toMatchObject({ code: 403, message: PROJECT_TEXTS.uploadDenied });
    expect((await call(`${projectPath(projectId, "file-content")}?filePath=paul.txt`, { token: paul.token })).json.data.content).toBe("before presenting");
    expect((await call(projectPath(projectId, "config"), { token: paul.token })).json.data.permissions).toEqual({
      canEdit: false,
      canUpload: false,
      canUseTerminal: true,
      canRestart: false,
      canKill: true,
    });
    expect((await saveFile(meg, projectId, "meg.txt", "members still edit")).status).toBe(200);
    ownerSock.close();
  });
});

describe("references", () => {
  it("finds every whole-word use of an identifier with its range, and refuses non-identifiers", async () => {
    const { owner, projectId, get } = await ownProject("Refs Project");
    await saveFile(owner, projectId, "src/counter.ts", "export function useCounter() {}\nconst useCounterX = 1;\n");
    await saveFile(owner, projectId, "src/app.ts", "import { useCounter } from './counter';\nuseCounter(); useCounter();\n");
    const r = await get("find-react-references?q=useCounter&language=typescript&row=1&col=10&ref=HEAD");
    expect(r.status).toBe(200);
    const found = (r.json.data as any[]).map(([path, ident]) => `${path}:${ident.start.line}:${ident.start.character}-${ident.end.character}`).sort();
    expect(found).toEqual(["src/app.ts:0:9-19", "src/app.ts:1:0-10", "src/app.ts:1:14-24", "src/counter.ts:0:16-26"]);
    expectError(await get("find-react-references?q=a.b"), 400, "q must be an identifier");
  });
});

describe("git internals", () => {
  it("a member with edit rights cannot write, upload into or delete .git, so git-status runs nothing of theirs", async () => {
    const { admin: owner, members } = await team("Gil Owner", "Mia Member");
    const [mia] = members as [TestUser];
    await addCodingAgent(owner);
    const { projectId } = await newProject(owner, "Git Guard");
    const group = await createGroup(owner, [mia], [], "Git Guard Room");
    expect((await call("/api/chats/update-project-id", { token: owner.token, body: { chatId: group, projectId } })).status).toBe(200);
    const before = (await call(`${projectPath(projectId, "file-content")}?filePath=.git/config`, { token: mia.token })).json.data.content as string;

    const hostile = { file_content: '[core]\n\tfsmonitor = "touch /tmp/pwned-by-member"\n' };
    for (const p of [".git/config", ".GIT/config", "sub/.git/config", ".git/hooks/pre-commit"]) {
      const r = await call(`${projectPath(projectId, "file-content")}?filePath=${encodeURIComponent(p)}`, { token: mia.token, body: hostile });
      expectError(r, 403, "Paths inside .git cannot be changed through the file API");
    }
    expectError(
      await call(`${projectPath(projectId, "file")}?filePath=.git/HEAD`, { token: mia.token, method: "DELETE" }),
      403,
      "Paths inside .git cannot be changed through the file API",
    );
    expect((await upload(mia, projectId, {}, [["pre-commit", "#!/bin/sh\n"]], "file-upload?path=.git/hooks")).json).toMatchObject({ code: 403 });
    // The form's own destination is checked by the host.
    expect((await upload(mia, projectId, { file_path: ".git/hooks/pre-commit" }, [["x", "#!/bin/sh\n"]])).json).toMatchObject({ code: 403 });

    expect((await call(projectPath(projectId, "git-status"), { token: mia.token })).status).toBe(200);
    expect((await call(`${projectPath(projectId, "file-content")}?filePath=.git/config`, { token: mia.token })).json.data.content).toBe(before);
    expect(before).not.toContain("fsmonitor");
  }, 20_000);
});
