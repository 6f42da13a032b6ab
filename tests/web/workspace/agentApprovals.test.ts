// @vitest-environment happy-dom
import { act, createElement, Fragment } from "react";
import { toastsReady } from "../../../web/ui/toast";
import { ToastHost } from "../../../web/ui/ToastHost";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PROJECT_TEXTS, type CodingProject } from "../../../contract";
import { ProjectDropdown } from "../../../web/features/workspace/projects/ProjectDropdown";
import { click, fail, find, get, makeProject, settle, startHarness, type Call, type Harness } from "./workspaceHarness";

const PROJECT = "p_approvals";
let project: CodingProject;
let meId: string;
let refuse: boolean;
let harness: Harness;

function route(call: Call): unknown {
  if (call.path === "/api/auth/session") return { id: meId, name: "Someone", email: "someone@example.com", image: null };
  if (call.path === "/api/coding-projects") return { projects: [project] };
  if (call.path === `/api/coding-projects/${PROJECT}`) return project;
  if (call.path === `/api/v2/coding-projects/${PROJECT}/agent-settings` && call.method === "PUT") {
    if (refuse) return fail(403, PROJECT_TEXTS.agentSettingsDenied);
    project = { ...project, approvalPolicy: (call.body as { approvalPolicy: CodingProject["approvalPolicy"] }).approvalPolicy };
    return { approvalPolicy: project.approvalPolicy };
  }
  return undefined;
}

/** Opens the project menu from the keyboard, as a keyboard user would. */
async function openMenu() {
  await harness.showWorkspace(PROJECT, createElement(Fragment, null, createElement(ProjectDropdown), createElement(ToastHost)));
  await act(() => toastsReady());
  const trigger = get("project-dropdown");
  await act(async () => {
    trigger.focus();
    trigger.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
  });
  await settle(2);
}

const item = (policy: string) => get(`agent-approvals-${policy}`);
const puts = () => harness.calls.filter((c) => c.method === "PUT");

beforeEach(() => {
  project = makeProject(PROJECT, { ownerId: "u1" });
  meId = "u1";
  refuse = false;
  harness = startHarness(route);
});

afterEach(() => harness.unmount());

describe("the agent's approval policy in the project menu", () => {
  it("shows the project's policy and lets the owner switch to auto-approving edits", async () => {
    await openMenu();
    expect(get("agent-approvals").textContent).toContain("Ask every time");
    expect(item("ask").getAttribute("aria-checked")).toBe("true");
    expect(item("auto_edits").getAttribute("aria-checked")).toBe("false");

    await click(item("auto_edits"));
    await settle();
    expect(puts().map((c) => [c.path, c.body])).toEqual([[`/api/v2/coding-projects/${PROJECT}/agent-settings`, { approvalPolicy: "auto_edits" }]]);
    expect(item("auto_edits").getAttribute("aria-checked")).toBe("true");
    expect(item("ask").getAttribute("aria-checked")).toBe("false");
  });

  it("is read-only for everyone but the owner, and says why", async () => {
    meId = "u2";
    await openMenu();
    expect(item("ask").getAttribute("aria-disabled")).toBe("true");
    expect(item("auto_edits").getAttribute("aria-disabled")).toBe("true");
    expect(get("agent-approvals-readonly").textContent).toBe("Only the project owner can change the agent's approval settings");
    await click(item("auto_edits"));
    expect(puts()).toEqual([]);
    expect(item("ask").getAttribute("aria-checked")).toBe("true");
  });

  it("goes back to the saved policy when the server refuses", async () => {
    refuse = true;
    await openMenu();
    expect(find("agent-approvals-readonly")).toBeNull();
    await click(item("auto_edits"));
    await settle();
    expect(puts()).toHaveLength(1);
    expect(document.body.textContent).toContain("Failed to save the approval setting: Only the project owner can change the agent's approval settings");
    expect(item("ask").getAttribute("aria-checked")).toBe("true");
    expect(item("auto_edits").getAttribute("aria-checked")).toBe("false");
  });
});
