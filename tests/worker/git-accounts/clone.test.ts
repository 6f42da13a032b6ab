import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { FAKE_GITLAB } from "../../fakes/git-host-accounts";
import { call, signUp, type TestUser } from "../helpers";
import { addCodingAgent, projectPath } from "../project-helpers";
import { FAKE, connectGithub, githubRecord, lastTokenOf, send, uniqueLogin } from "./github-flow";

/** Imports of private repositories clone with the user's own token, which is kept nowhere but in D1 as ciphertext. */

const IMPORT_FAILED = "Import failed, please try again";

async function importer(name: string): Promise<TestUser> {
  const u = await signUp(name);
  await addCodingAgent(u);
  return u;
}

/** Clones take a few seconds on a busy machine. */
const CLONE = { timeout: 60_000 };

function createProject(u: TestUser, body: Record<string, unknown>) {
  return send("/api/coding-projects", { token: u.token, body });
}

function githubImport(u: TestUser, cloneUrl: string, name: string) {
  return createProject(u, { name, httpRepoUrl: cloneUrl, isImported: 2, branch: "master", useGithubAuth: true });
}

async function storedProjects(userId: string): Promise<string> {
  return JSON.stringify((await env.DB.prepare("SELECT * FROM coding_project WHERE owner_id = ?").bind(userId).all()).results);
}

describe("importing a private GitHub repository", () => {
  it("clones with the user's token, keeps the remote without it, and shows the files", CLONE, async () => {
    const u = await importer("Private Importer");
    const login = uniqueLogin();
    await connectGithub(u, login);
    const list = await send("/api/github/repositories?type=user", { token: u.token });
    const repo = list.json.data.repositories.find((r: { private: boolean }) => r.private);
    expect(repo.clone_url).toBe(`${FAKE}/github-oauth/${login}/secret-${login}.git`);
    const token = await lastTokenOf(login);

    const r = await githubImport(u, repo.clone_url, `secret-${login}`);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data.project.httpRepoUrl).toBe(repo.clone_url);
    expect(JSON.stringify(r.json)).not.toContain(token);
    expect(await storedProjects(u.id)).not.toContain(token);
    const readme = await call(`${projectPath(r.json.data.project.id, "file-content")}?filePath=README.md`, { token: u.token });
    expect(readme.json.data.content).toContain(`Private repository of ${login}`);
    // git fetched over HTTP with the token as Basic credentials (from the host's one-shot header, not the URL).
    const fetches = (await githubRecord()).filter((q) => q.path.startsWith(`/github-oauth/${login}/secret-${login}.git/`));
    expect(fetches.length).toBeGreaterThan(0);
    expect(fetches.every((q) => q.authorization === `Basic ${btoa(`x-access-token:${token}`)}`)).toBe(true);
  });

  it("fails with the spec's text alone for a user without the owner's token", CLONE, async () => {
    const owner = await importer("Repo Owner");
    const login = uniqueLogin();
    await connectGithub(owner, login);
    await send("/api/github/repositories?type=user", { token: owner.token });
    const token = await lastTokenOf(login);
    const url = `${FAKE}/github-oauth/${login}/secret-${login}.git`;

    const stranger = await importer("Not Connected");
    const anonymous = await githubImport(stranger, url, "stolen-one");
    expect(anonymous.status).toBe(502);
    expect(anonymous.json.message).toBe(IMPORT_FAILED);

    // Connected to another GitHub account: the clone goes with that account's token, never the owner's.
    const other = await importer("Other Account");
    const otherLogin = uniqueLogin();
    await connectGithub(other, otherLogin);
    const withOwn = await githubImport(other, url, "stolen-two");
    expect(withOwn.status).toBe(502);
    expect(JSON.stringify(withOwn.json)).not.toContain(token);
    expect(await storedProjects(other.id)).toBe("[]");
    const tried = (await githubRecord()).filter((q) => q.path.startsWith(`/github-oauth/${login}/`) && q.authorization?.startsWith("Basic "));
    expect(tried.map((q) => q.login)).not.toContain(login);
  });

  it("sends the GitHub token to GitHub's host only", CLONE, async () => {
    const u = await importer("Careful Importer");
    const login = uniqueLogin();
    await connectGithub(u, login);
    // Another host (the fake GitLab's repository) marked as a GitHub import gets no GitHub token: the clone is refused there.
    const elsewhere = await githubImport(u, `${FAKE}/gitlab/alice/tools.git`, "elsewhere");
    expect(elsewhere.status).toBe(502);
    const gitlabTried = (await githubRecord()).filter((q) => q.path.startsWith("/gitlab/alice/tools.git/"));
    expect(gitlabTried.every((q) => q.authorization === null)).toBe(true);
  });
});

describe("importing a private GitLab repository", () => {
  const url = `${FAKE}/gitlab/alice/private-tool.git`;
  const auth = { token: FAKE_GITLAB.token, auth: FAKE_GITLAB.token, authType: "oauth", refreshToken: FAKE_GITLAB.refresh, username: "alice" };

  it("clones with the GitLab sign-in's token for that server and stores the URL without it", CLONE, async () => {
    const u = await importer("GitLab Importer");
    const r = await createProject(u, {
      name: "private-tool",
      httpRepoUrl: url,
      isImported: 1,
      gitlabAuth: { ...auth, serverUrl: `${FAKE}/gitlab` },
      refreshToken: FAKE_GITLAB.refresh,
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data.project.httpRepoUrl).toBe(url);
    expect(await storedProjects(u.id)).not.toContain(FAKE_GITLAB.token);
    const readme = await call(`${projectPath(r.json.data.project.id, "file-content")}?filePath=README.md`, { token: u.token });
    expect(readme.json.data.content).toContain("Private repository of gitlab-alice");
  });

  it("does not send the token to a server other than the one signed in to, nor clone without it", CLONE, async () => {
    const u = await importer("GitLab Elsewhere");
    const before = (await githubRecord()).length;
    const wrongServer = await createProject(u, { name: "p1", httpRepoUrl: url, isImported: 1, gitlabAuth: { ...auth, serverUrl: "https://gitlab.example" } });
    expect(wrongServer).toMatchObject({ status: 502, json: { message: IMPORT_FAILED } });
    const none = await createProject(u, { name: "p2", httpRepoUrl: url, isImported: 1 });
    expect(none).toMatchObject({ status: 502, json: { message: IMPORT_FAILED } });
    const tried = (await githubRecord()).slice(before).filter((q) => q.path.startsWith("/gitlab/alice/private-tool.git/"));
    expect(tried.length).toBeGreaterThan(0);
    expect(tried.every((q) => q.authorization === null)).toBe(true);
  });
});
