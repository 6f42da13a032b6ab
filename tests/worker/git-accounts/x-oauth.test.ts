import { describe, expect, it } from "vitest";
import { call, signUp } from "../helpers";
import { addCodingAgent } from "../project-helpers";
import { connectGithub, send, uniqueLogin } from "./github-flow";

/** `GET /api/x-oauth?agentId=` (spec 01 §7): does this agent need me to connect GitHub first? */

const NO_FALLBACK = { GITHUB_TOKEN: "" };

async function chatterOf(token: string): Promise<string> {
  const r = await call("/api/virtual-employees", { token, body: { name: "Chatty", role: "Assistant", agentType: "chatter" } });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data.id;
}

describe("x-oauth", () => {
  it("a coding agent needs GitHub until the user connects it; other agents never do", async () => {
    const u = await signUp("Agent Owner");
    const coder = await addCodingAgent(u);
    const chatter = await chatterOf(u.token);
    const ask = (id: string) => send(`/api/x-oauth?agentId=${id}`, { token: u.token, overrides: NO_FALLBACK });
    expect((await ask(coder)).json.data).toEqual({ needsAuthorization: true, isTestMode: true });
    expect((await ask(chatter)).json.data).toEqual({ needsAuthorization: false, isTestMode: true });
    await connectGithub(u, uniqueLogin());
    expect((await ask(coder)).json.data).toEqual({ needsAuthorization: false, isTestMode: true });
    // A server without an OAuth app cannot ask anyone to authorize; the real GitHub is no test mode.
    const real = await send(`/api/x-oauth?agentId=${coder}`, { token: u.token, overrides: { ...NO_FALLBACK, GITHUB_OAUTH_URL: "https://github.com/" } });
    expect(real.json.data.isTestMode).toBe(false);
    const noApp = await send(`/api/x-oauth?agentId=${coder}`, { token: u.token, overrides: { ...NO_FALLBACK, GITHUB_CLIENT_ID: "" } });
    expect(noApp.json.data.needsAuthorization).toBe(false);
  });

  it("answers only about the caller's own agents", async () => {
    const owner = await signUp("Owner Of Agent");
    const coder = await addCodingAgent(owner);
    const stranger = await signUp("Stranger");
    expect(await send(`/api/x-oauth?agentId=${coder}`, { token: stranger.token })).toMatchObject({
      status: 404,
      json: { message: "Virtual employee not found" },
    });
    expect((await send("/api/x-oauth?agentId=no-such-agent", { token: owner.token })).status).toBe(404);
    expect(await send("/api/x-oauth", { token: owner.token })).toMatchObject({ status: 400, json: { message: "agentId is required" } });
    expect((await send(`/api/x-oauth?agentId=${"x".repeat(65)}`, { token: owner.token })).status).toBe(400);
    expect((await send(`/api/x-oauth?agentId=${coder}`)).status).toBe(401);
  });
});
