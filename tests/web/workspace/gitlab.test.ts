import { describe, expect, it } from "vitest";
import { GITLAB_LOGIN_KEY, PERSONAL_GROUP, gitlabErrorKey, groupRepositories, readSavedLogin, saveLogin, signInProblem } from "../../../web/features/workspace/projects/gitlabModel";
import type { GitLabRepo } from "../../../web/features/workspace/projects/importTypes";
import { memoryStorage } from "../browserStubs";

const repo = (id: number, url: string, last: string | null, extra: Partial<GitLabRepo> = {}): GitLabRepo => ({
  id,
  name: `r${id}`,
  description: null,
  landing_url: url,
  ssh_repo_url: null,
  http_repo_url: null,
  default_branch: "main",
  last_activity_at: last,
  ...extra,
});

describe("GitLab groups (spec 03 §9)", () => {
  it("groups by namespace with Personal Projects last and newest activity first", () => {
    const groups = groupRepositories(
      [
        repo(1, "https://git.example.com/alice/one", "2024-01-01T00:00:00Z"),
        repo(2, "https://git.example.com/team/api", "2024-01-01T00:00:00Z"),
        repo(3, "https://git.example.com/team/web", "2024-06-01T00:00:00Z"),
        repo(4, "https://git.example.com/backend/x", null),
      ],
      "Alice",
    );
    expect(groups.map((g) => g.name)).toEqual(["backend", "team", PERSONAL_GROUP]);
    expect(groups[1]?.repositories.map((r) => r.id)).toEqual([3, 2]);
    expect(groups[2]?.repositories.map((r) => r.id)).toEqual([1]);
  });

  it("prefers an explicit namespace and treats user namespaces as personal", () => {
    const groups = groupRepositories(
      [repo(1, "https://h/a/b", null, { namespace: { name: "Platform", kind: "group" } }), repo(2, "https://h/z/y", null, { namespace: { name: "bob", kind: "user" } })],
      "alice",
    );
    expect(groups.map((g) => g.name)).toEqual(["Platform", PERSONAL_GROUP]);
  });
});

describe("GitLab sign-in", () => {
  it("needs username, password and server URL", () => {
    expect(signInProblem("https://h", "", "pw")).toBe("needCredentials");
    expect(signInProblem("https://h", "me", "")).toBe("needCredentials");
    expect(signInProblem(" ", "me", "pw")).toBe("needServer");
    expect(signInProblem("https://h", "me", "pw")).toBeNull();
  });

  it("remembers username and server URL, never the password", () => {
    const storage = memoryStorage();
    saveLogin({ username: "me", serverUrl: "https://h" }, storage);
    expect(JSON.parse(storage.getItem(GITLAB_LOGIN_KEY) ?? "")).toEqual({ username: "me", serverUrl: "https://h" });
    expect(readSavedLogin(storage)).toEqual({ username: "me", serverUrl: "https://h" });
    saveLogin(null, storage);
    expect(readSavedLogin(storage)).toBeNull();
    expect(readSavedLogin(memoryStorage({ [GITLAB_LOGIN_KEY]: "{broken" }))).toBeNull();
  });

  it("translates the server's known errors and keeps others", () => {
    expect(gitlabErrorKey("Authentication failed")).toBe("authFailed");
    expect(gitlabErrorKey("Network connection failed, please check if the server URL is correct")).toBe("network");
    expect(gitlabErrorKey("This server address is not allowed")).toBe("addressNotAllowed");
    expect(gitlabErrorKey("Another session is signed in")).toBeNull();
  });
});
