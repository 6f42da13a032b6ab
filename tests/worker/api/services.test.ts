import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectError, signUp, type TestUser } from "../helpers";
import { createGroup, team, waitUntil } from "../chat-helpers";

/**
 * The Service Status modal's calls (spec 03 §2.5, §7.2) against the real sandbox host: a process
 * started in the project's workspace shows up as a service, can be killed by the controller only,
 * and a VM restart (owner only) ends it.
 */

interface Project {
  owner: TestUser;
  member: TestUser;
  outsider: TestUser;
  projectId: string;
}

const host = (path: string, init: RequestInit = {}) =>
  fetch(`${env.SANDBOX_URL}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${env.SANDBOX_SECRET}`, "content-type": "application/json", ...init.headers },
  });

/** A project owned by `owner` whose chat is a group with `member`, and its workspace on the host. */
async function project(): Promise<Project> {
  const { admin: owner, members, orgId } = await team("Mia Member");
  const member = members[0]!;
  const outsider = await signUp("Otto Outsider");
  const chatId = await createGroup(owner, [member], [], "Coding Session");
  const projectId = `proj_${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`;
  await env.DB.prepare(
    "INSERT INTO coding_project (id, owner_id, org_id, chat_id, name, description, directory_name, branch, is_imported, status, current_use, git_initialized, created_at, updated_at) VALUES (?, ?, ?, ?, 'Services Demo', '', 'services-demo', 'main', 0, 'active', 0, 0, ?, ?)",
  )
    .bind(projectId, owner.id, orgId, chatId, Date.now(), Date.now())
    .run();
  const made = await host(`/workspaces/${owner.id}/${projectId}`, { method: "POST", body: "{}" });
  expect(made.status).toBe(201);
  // The owner's sandbox, brought up by the queue's own consumer.
  const r = await call("/api/sandboxes", { token: owner.token, body: {} });
  const sandboxId = r.json.data.data.sandbox_id;
  await waitUntil(async () => (await call(`/api/sandboxes/${sandboxId}`, { token: owner.token })).json.data.status === "active", "the owner's sandbox", 10_000);
  return { owner, member, outsider, projectId };
}

/** Opens a terminal on the host in the workspace and starts a web server on a free port there. */
async function startServer(p: Project): Promise<WebSocket> {
  const res = await host(`/workspaces/${p.owner.id}/${p.projectId}/terminal`, { headers: { upgrade: "websocket" } });
  const ws = res.webSocket;
  if (!ws) throw new Error(`no terminal socket: ${res.status}`);
  ws.accept();
  ws.send(JSON.stringify({ type: "init", cols: 120, rows: 30 }));
  ws.send(JSON.stringify({ type: "input", data: "python3 -m http.server 0 --bind 127.0.0.1\r" }));
  return ws;
}

function closeQuietly(ws: WebSocket): void {
  try {
    ws.close();
  } catch {
    // The host may have ended it already (a VM restart closes every terminal).
  }
}

const health = (u: TestUser, projectId: string) => call(`/api/sandbox/domains-health?human_user_id=${u.id}&workspace=${projectId}`, { token: u.token });
const kill = (u: TestUser, projectId: string, ports: number[], force = false) =>
  call("/api/sandbox/processes/kill", { token: u.token, body: { ports, force, human_user_id: u.id, workspace: projectId } });

async function runningPort(p: Project, known: number[] = []): Promise<number> {
  let port = 0;
  await waitUntil(
    async () => {
      const r = await health(p.member, p.projectId);
      const found = r.json.data.data.app_domains.find((d: any) => d.status === "available" && !known.includes(d.port));
      port = found?.port ?? 0;
      return port > 0;
    },
    "the web server to show as a service",
    20_000,
  );
  return port;
}

let p: Project;
beforeAll(async () => {
  p = await project();
}, 30_000);

describe("domains-health", () => {
  it("lists nothing for an idle workspace, then a started server as available", async () => {
    const empty = await health(p.owner, p.projectId);
    expect(empty.status).toBe(200);
    expect(empty.json.data).toEqual({ success: true, data: { sandbox_id: expect.stringMatching(/^sbx_/), app_domains: [] }, error: null });

    const ws = await startServer(p);
    const port = await runningPort(p);
    const r = await health(p.member, p.projectId);
    const service = r.json.data.data.app_domains.find((d: any) => d.port === port);
    expect(service).toEqual({
      name: expect.stringContaining("python"),
      subdomain: null,
      port,
      status: "available",
      status_code: expect.any(Number),
      error: null,
      process_info: { uptime_seconds: expect.any(Number), memory_rss_kb: expect.any(Number) },
    });
    expect(service.process_info.memory_rss_kb).toBeGreaterThan(0);

    // Kill: the member is not the controller; the owner is (nobody presents).
    expectError(await kill(p.member, p.projectId, [port]), 403, "Only the controller of the chat can stop services");
    const killed = await kill(p.owner, p.projectId, [port]);
    expect(killed.status).toBe(200);
    expect(killed.json.data).toEqual({ success: true, data: { killed_processes: [{ pid: expect.any(Number), port }], failed_processes: [] } });
    await waitUntil(async () => !(await health(p.owner, p.projectId)).json.data.data.app_domains.some((d: any) => d.port === port), "the port to be gone");

    // A port nobody listens on is a failed entry carrying the host's reason.
    const again = await kill(p.owner, p.projectId, [port]);
    expect(again.json.data).toEqual({
      success: false,
      data: { killed_processes: [], failed_processes: [{ pid: null, port, error: `No process of this workspace listens on port ${port}` }] },
    });
    closeQuietly(ws);
  }, 40_000);

  it("is refused to people outside the project and needs the workspace", async () => {
    expectError(await health(p.outsider, p.projectId), 404, "Project not found");
    expectError(await kill(p.outsider, p.projectId, [8080]), 404, "Project not found");
    expectError(await call("/api/sandbox/domains-health", { token: p.owner.token }), 400, "workspace (the project id) is required");
    expectError(await call("/api/sandbox/processes/kill", { token: p.owner.token, body: { ports: [], workspace: p.projectId } }), 400, "Choose a port");
    expect((await call(`/api/sandbox/domains-health?workspace=${p.projectId}`)).status).toBe(401);
  });

  it("answers SANDBOX_UNDER_MAINTENANCE while the owner's VM is restarting, and kill is refused", async () => {
    await env.DB.prepare("UPDATE sandbox SET status = 'restarting', updated_at = ? WHERE user_id = ?").bind(Date.now(), p.owner.id).run();
    try {
      const r = await health(p.member, p.projectId);
      expect(r.status).toBe(200);
      expect(r.json.data).toEqual({
        success: false,
        data: { sandbox_id: expect.any(String), app_domains: [], error_code: "SANDBOX_UNDER_MAINTENANCE", status: "restarting" },
        error: "VM is restarting. Services are temporarily unavailable.",
      });
      expectError(await kill(p.owner, p.projectId, [8080]), 409, "Cannot kill process: VM is restarting");
    } finally {
      await env.DB.prepare("UPDATE sandbox SET status = 'active' WHERE user_id = ?").bind(p.owner.id).run();
    }
  });
});

describe("the project's sandboxes and restart-vm", () => {
  it("shows the owner's sandboxes to the chat's members", async () => {
    const r = await call(`/api/coding-projects/${p.projectId}/sandboxes`, { token: p.member.token });
    expect(r.status).toBe(200);
    expect(r.json.data.current).toMatchObject({ status: "active", sandbox_id: expect.any(String) });
    expect(r.json.data.sandboxes).toHaveLength(1);
    expectError(await call(`/api/coding-projects/${p.projectId}/sandboxes`, { token: p.outsider.token }), 404, "Project not found");
  });

  it("lets only the owner restart the VM, which ends the workspace's processes and comes back active", async () => {
    expectError(
      await call(`/api/coding-projects/${p.projectId}/restart-vm`, { token: p.member.token, body: {} }),
      403,
      "Only the chat owner can restart the VM",
    );
    expectError(await call(`/api/coding-projects/${p.projectId}/restart-vm`, { token: p.outsider.token, body: {} }), 404, "Project not found");

    const ws = await startServer(p);
    const port = await runningPort(p);
    const r = await call(`/api/coding-projects/${p.projectId}/restart-vm`, { token: p.owner.token, body: {} });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ success: true, data: { status: "restarting" }, error: null });
    const mine = r.json.data.data.workspaces.find((w: any) => w.project_id === p.projectId);
    expect(mine).toMatchObject({ error: null, terminals_closed: [expect.any(Number)] });
    expect(mine.killed_processes.some((k: any) => k.command.includes("http.server"))).toBe(true);

    await waitUntil(
      async () => (await call(`/api/coding-projects/${p.projectId}/sandboxes`, { token: p.owner.token })).json.data.current?.status === "active",
      "the VM to come back",
      15_000,
    );
    const after = await health(p.owner, p.projectId);
    expect(after.json.data.success).toBe(true);
    expect(after.json.data.data.app_domains.some((d: any) => d.port === port)).toBe(false);
    closeQuietly(ws);
  }, 40_000);

  it("says there is no sandbox when the owner has none", async () => {
    await env.DB.prepare("DELETE FROM sandbox WHERE user_id = ?").bind(p.owner.id).run();
    expectError(await call(`/api/coding-projects/${p.projectId}/restart-vm`, { token: p.owner.token, body: {} }), 404, "No active sandbox found for this user");
    const r = await call(`/api/coding-projects/${p.projectId}/sandboxes`, { token: p.member.token });
    expect(r.json.data).toEqual({ sandboxes: [], current: null });
  });
});
