import { describe, expect, it } from "vitest";
import { call, expectError, expectJsonBodyChecks, expectSignedOutRefused, signUp, teamOfTwo, type TestUser } from "../helpers";
import { addCodingAgent, newProject } from "../project-helpers";

const PATH = "/api/post-registration/update-default-project";
const pending = (u: TestUser) => call(PATH, { token: u.token });
const update = (u: TestUser, body: Record<string, unknown>) => call(PATH, { token: u.token, body });

describe("/api/post-registration/update-default-project", () => {
  it("refuses without a session", async () => {
    await expectSignedOutRefused(PATH);
    await expectSignedOutRefused(PATH, "POST", { userId: "u", projectId: "p", directoryPath: "demo" });
  });

  it("has nothing pending for a user without projects", async () => {
    const u = await signUp("Empty Handed");
    expect((await pending(u)).json.data).toEqual({ hasPendingProject: false, projectId: null });
  });

  it("offers the first project, then records it as the default", async () => {
    const u = await signUp("Builder");
    await addCodingAgent(u);
    const { projectId } = await newProject(u, "First Project");
    expect((await pending(u)).json.data).toEqual({ hasPendingProject: true, projectId });

    const r = await update(u, { userId: u.id, projectId, directoryPath: "first-project" });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toEqual({ projectId, directoryPath: "first-project" });
    expect((await pending(u)).json.data).toEqual({ hasPendingProject: false, projectId });
  });

  it("refuses to act for another user or on a project the caller cannot reach", async () => {
    const { admin, member } = await teamOfTwo("Project Owner", "Colleague");
    await addCodingAgent(admin);
    const { projectId } = await newProject(admin, "Private Work");
    const stranger = await signUp("Stranger");

    expectError(await update(stranger, { userId: admin.id, projectId, directoryPath: "private-work" }), 403, "You can only update your own default project");
    // Same organization, not in the project's chat: as missing as a project that does not exist.
    expectError(await update(member, { userId: member.id, projectId, directoryPath: "private-work" }), 404, "Project not found");
    expectError(await update(stranger, { userId: stranger.id, projectId, directoryPath: "private-work" }), 404, "Project not found");
    expectError(await update(stranger, { userId: stranger.id, projectId: "proj_missing", directoryPath: "x" }), 404, "Project not found");
    expect((await pending(member)).json.data).toEqual({ hasPendingProject: false, projectId: null });
    expect((await pending(admin)).json.data).toEqual({ hasPendingProject: true, projectId });
  });

  it("refuses directory paths that leave the workspace", async () => {
    const u = await signUp("Wanderer");
    await addCodingAgent(u);
    const { projectId } = await newProject(u, "Home");
    for (const directoryPath of ["../other", "/etc", "a/../../b", "", "a\u0000b", "x".repeat(300)])
      expectError(await update(u, { userId: u.id, projectId, directoryPath }), 400, "Invalid directory path");
    await expectJsonBodyChecks(PATH, "POST", u.token, { userId: u.id, projectId, directoryPath: "home" });
    expect((await pending(u)).json.data.hasPendingProject).toBe(true);
  });
});
