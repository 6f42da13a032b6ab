import { expect, inject } from "vitest";
import { call, type CallResult, type TestUser } from "./helpers";

declare module "vitest" {
  export interface ProvidedContext {
    /** A repository on a loopback git server (git://) the worker-test sandbox clones (tests/fakes/fixture-repo.ts). */
    fixtureRepoUrl: string;
  }
}

export function fixtureRepoUrl(): string {
  return inject("fixtureRepoUrl");
}

/** The user's coding agent, made through the real VIRE route. */
export async function addCodingAgent(user: TestUser, name = "Coding Agent"): Promise<string> {
  const r = await call("/api/virtual-employees", { token: user.token, body: { name, role: "Software Engineer", agentType: "coding_agent" } });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data.id as string;
}

export function createProjectCall(user: TestUser, body: Record<string, unknown>): Promise<CallResult> {
  return call("/api/coding-projects", { token: user.token, body });
}

/** A created project of `user` (who must have a coding agent) and its chat. */
export async function newProject(user: TestUser, name = "Demo Project"): Promise<{ projectId: string; chatId: string; project: any }> {
  const r = await createProjectCall(user, { name, description: "a test project" });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return { projectId: r.json.data.project.id, chatId: r.json.data.chatId, project: r.json.data.project };
}

/** `/api/coding-projects/{id}/{sub}`. */
export function projectPath(projectId: string, sub = ""): string {
  return `/api/coding-projects/${projectId}${sub ? `/${sub}` : ""}`;
}

export function saveFile(user: TestUser, projectId: string, filePath: string, content: string): Promise<CallResult> {
  return call(`${projectPath(projectId, "file-content")}?filePath=${encodeURIComponent(filePath)}`, { token: user.token, body: { file_content: content } });
}
