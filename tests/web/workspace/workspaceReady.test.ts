// @vitest-environment happy-dom
import { createElement } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { ProjectConfig, SandboxStatus } from "../../../contract";
import { useWorkspaceReady, workspaceReadiness } from "../../../web/app/workspaceReady";
import { makeConfig, startHarness, type Harness } from "./workspaceHarness";

const sandbox = (status: SandboxStatus | null, available: boolean) => ({ sandbox: { status, available, baseUrl: "http://localhost" } });

describe("whether the composer may ask the agent (spec 02 §2.7)", () => {
  it("is ready while the project's sandbox is active or idle and answers", () => {
    expect(workspaceReadiness(sandbox("active", true))).toEqual({ ready: true, reason: null });
    expect(workspaceReadiness(sandbox("idle", true))).toEqual({ ready: true, reason: null });
  });

  it("says the machine is being created while it is prepared, or before it exists", () => {
    for (const status of ["creating", "starting", "pooling", "pooled"] as const) expect(workspaceReadiness(sandbox(status, false)).reason).toBe("creating");
    expect(workspaceReadiness(sandbox(null, false))).toEqual({ ready: false, reason: "creating" });
  });

  it("says it is restarting, or down", () => {
    expect(workspaceReadiness(sandbox("restarting", false))).toEqual({ ready: false, reason: "restarting" });
    expect(workspaceReadiness(sandbox("stopping", true)).reason).toBe("restarting");
    for (const status of ["stopped", "failed", "destroying"] as const) expect(workspaceReadiness(sandbox(status, false)).reason).toBe("down");
    expect(workspaceReadiness(sandbox("active", false))).toEqual({ ready: false, reason: "down" });
  });

  it("does not lock the composer before the answer is known", () => {
    expect(workspaceReadiness(undefined)).toEqual({ ready: true, reason: null });
  });
});

let harness: Harness | null = null;
afterEach(() => harness?.unmount());

function Readiness({ projectId }: { projectId: string | null }) {
  const { ready, reason } = useWorkspaceReady(projectId);
  return `${ready ? "ready" : "not ready"}:${reason ?? "-"}`;
}

describe("useWorkspaceReady", () => {
  async function readinessWith(config: ProjectConfig | null, projectId: string | null = "p_ready") {
    harness = startHarness((call) => (config && call.path === "/api/coding-projects/p_ready/config" ? config : undefined));
    await harness.show(createElement(Readiness, { projectId }));
    return harness.host.textContent;
  }

  it("reads the project's config", async () => {
    expect(await readinessWith(makeConfig({}, { status: "creating", available: false }))).toBe("not ready:creating");
  });

  it("is ready once the sandbox is active", async () => {
    expect(await readinessWith(makeConfig({}, { status: "active", available: true }))).toBe("ready:-");
  });

  it("is always ready in a chat without a project, and asks nothing", async () => {
    expect(await readinessWith(null, null)).toBe("ready:-");
    expect(harness!.calls).toEqual([]);
  });
});
