import { workerFetch } from "../worker-fetch";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PROJECT_TEXTS } from "../../../contract";
import { ORIGIN, call, signUp } from "../helpers";
import { createGroup, team, upgradeStatus, waitUntil } from "../chat-helpers";
import { openSocket, type TestSocket } from "../socket-helpers";
import { addCodingAgent, newProject, projectPath } from "../project-helpers";

const output = (sock: TestSocket) =>
  sock.frames
    .filter((f) => f.type === "output")
    .map((f) => f.data)
    .join("");

async function refusal(path: string, headers: Record<string, string>): Promise<{ status: number; message: string }> {
  const res = await workerFetch(`${ORIGIN}${path}`, { headers });
  if (res.webSocket) {
    res.webSocket.accept();
    res.webSocket.close(1000, "probe");
    return { status: res.status, message: "" };
  }
  return { status: res.status, message: ((await res.json()) as any).message };
}

describe("GET /api/coding-projects/{id}/terminal", () => {
  it("gives the owner a shell in the workspace: echo hi comes back; exit ends the session", async () => {
    const owner = await signUp();
    await addCodingAgent(owner);
    const { projectId } = await newProject(owner, "Term");
    const sock = await openSocket(projectPath(projectId, "terminal"), owner.token, { origin: ORIGIN });
    await sock.next((f) => f.type === "status" && f.status === "connected", 10_000);
    sock.send({ type: "init", cols: 100, rows: 30, workspace_path: "ignored", human_user_id: owner.id });
    expect(await sock.next((f) => f.type === "status" && f.status === "resized")).toMatchObject({ cols: 100, rows: 30 });
    sock.send({ type: "input", data: "echo hi; pwd\r" });
    // The shell echoes the command line; its output is the line that is just "hi".
    await waitUntil(() => /[\r\n]hi\r\n/.test(output(sock)), "the output of echo", 10_000);
    // Jailed: the workspace is /workspace; unjailed hosts show the real folder.
    expect(output(sock)).toMatch(new RegExp(`(^|\\n)(/workspace|\\S*/${owner.id}/${projectId})\\r\\n`));
    sock.send({ type: "input", data: "exit\r" });
    expect(await sock.next((f) => f.type === "session_exit", 10_000)).toMatchObject({ can_reconnect: true });
    await sock.closed;
  }, 30_000);

  it("accepts the session token in ?token= (browsers cannot set headers on a socket)", async () => {
    const owner = await signUp();
    await addCodingAgent(owner);
    const { projectId } = await newProject(owner, "Token");
    const res = await workerFetch(`${ORIGIN}${projectPath(projectId, "terminal")}?token=${encodeURIComponent(owner.token)}`, {
      headers: { upgrade: "websocket", origin: ORIGIN },
    });
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    const frames: any[] = [];
    ws.addEventListener("message", (e) => {
      frames.push(JSON.parse(e.data as string));
    });
    ws.accept();
    await waitUntil(() => frames.some((f) => f.type === "status" && f.status === "connected"), "the connected status", 10_000);
    ws.close(1000, "done");
  });

  it("is for the chat owner and the presenter only; strangers see nothing, signed-out callers 401", async () => {
    const { admin: owner, members } = await team("Meg Member");
    const meg = members[0]!;
    const agentId = await addCodingAgent(owner);
    const { projectId } = await newProject(owner, "Guarded");
    const group = await createGroup(owner, [meg], [agentId]);
    await call("/api/chats/update-project-id", { token: owner.token, body: { chatId: group, projectId } });
    const path = projectPath(projectId, "terminal");
    const upgrade = { upgrade: "websocket", origin: ORIGIN };

    expect(await refusal(path, { ...upgrade, authorization: `Bearer ${meg.token}` })).toEqual({ status: 403, message: PROJECT_TEXTS.terminalDenied });
    const stranger = await signUp();
    expect(await refusal(path, { ...upgrade, authorization: `Bearer ${stranger.token}` })).toEqual({ status: 404, message: "Project not found" });
    expect(await refusal(path, upgrade)).toEqual({ status: 401, message: "Unauthorized" });
    expect(await upgradeStatus(path, "not-a-token")).toBe(401);
    expect(await refusal(path, { ...upgrade, authorization: `Bearer ${owner.token}`, origin: "https://evil.example" })).toEqual({
      status: 403,
      message: "Origin not allowed",
    });
    expect(await refusal(path, { authorization: `Bearer ${owner.token}` })).toEqual({ status: 426, message: "Expected a WebSocket upgrade" });
  });

  it("tells the browser when the host has no terminal for the project, then closes", async () => {
    const owner = await signUp();
    await addCodingAgent(owner);
    const { projectId } = await newProject(owner, "Gone");
    await fetch(`${env.SANDBOX_URL}/workspaces/${owner.id}/${projectId}`, { method: "DELETE", headers: { authorization: `Bearer ${env.SANDBOX_SECRET}` } });
    const sock = await openSocket(projectPath(projectId, "terminal"), owner.token, { origin: ORIGIN });
    expect(await sock.next((f) => f.type === "error", 10_000)).toEqual({ type: "error", message: "No available sandbox for this project" });
    expect((await sock.closed).code).toBe(1011);
  });
});
