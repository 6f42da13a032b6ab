import { describe, expect, it } from "vitest";
import type { GitlabRepository } from "../../../contract";
import {
  GITLAB_LOGIN_KEY,
  gitlabErrorKey,
  groupRepositories,
  readSavedLogin,
  saveLogin,
  signInProblem,
} from "../../../web/features/workspace/projects/gitlabModel";
import { memoryStorage } from "../browserStubs";

const repo = (id: number, group: string): GitlabRepository => ({
  id,
  name: `r${id}`,
  description: "",
  landing_url: `https://git.example.com/${group}/r${id}`,
  ssh_repo_url: `git@git.example.com:${group}/r${id}.git`,
  http_repo_url: `https://git.example.com/${group}/r${id}.git`,
  default_branch: "main",
  last_activity_at: "2024-01-01T00:00:00Z",
  group,
});

describe("GitLab groups (spec 03 §9)", () => {
  it("shows the server's groups in its order, each with its repositories in the server's order", () => {
    const groups = groupRepositories({
      success: true,
      repositories: [repo(3, "team"), repo(1, "Personal Projects"), repo(2, "team"), repo(4, "backend")],
      groups: ["backend", "team", "Personal Projects"],
    });
    expect(groups.map((g) => g.name)).toEqual(["backend", "team", "Personal Projects"]);
    expect(groups[1]?.repositories.map((r) => r.id)).toEqual([3, 2]);
    expect(groups[2]?.repositories.map((r) => r.id)).toEqual([1]);
  });

  it("has no groups when the account has no repositories", () => {
    expect(groupRepositories({ success: true, repositories: [], groups: [] })).toEqual([]);
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
