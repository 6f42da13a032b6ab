import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { GIT_ACCOUNT_TEXTS } from "../../../contract";
import { FAKE_GITHUB_OAUTH } from "../../fakes/git-host-accounts";
import { ORIGIN, signUp } from "../helpers";
import { FAKE, connectGithub, githubRecord, lastTokenOf, send, startAuthorization, tokenLive, uniqueLogin } from "./github-flow";

/** "Authorize GitHub" per user (spec 03 §7.3) against the fake GitHub OAuth app. */

const NO_FALLBACK = { GITHUB_TOKEN: "" };

async function rowsOf(userId: string): Promise<Record<string, unknown>[]> {
  return (await env.DB.prepare("SELECT * FROM git_account WHERE user_id = ?").bind(userId).all()).results;
}

describe("authorizing GitHub", () => {
  it("redirects to GitHub with our client id, the scopes and a state, then stores the account and lists its private repositories", async () => {
    const u = await signUp("Gina Hub");
    const login = uniqueLogin();
    expect((await send("/api/auth/github/status", { token: u.token, overrides: NO_FALLBACK })).json.data).toEqual({
      authorized: false,
      source: null,
      login: null,
      canAuthorize: true,
    });

    const start = await send("/api/auth/github/authorize", { token: u.token });
    expect(start.status).toBe(302);
    const to = new URL(start.location!);
    expect(`${to.origin}${to.pathname}`).toBe(`${FAKE}/github-oauth/login/oauth/authorize`);
    expect(to.searchParams.get("client_id")).toBe(FAKE_GITHUB_OAUTH.clientId);
    expect(to.searchParams.get("scope")).toBe("repo read:user");
    expect(to.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/api/auth/github/callback`);
    expect(to.searchParams.get("state")).toMatch(/^[\w-]{40,}$/);
    // The app's client asks for the address as JSON (its session travels in a header a navigation cannot carry).
    const asJson = await send("/api/auth/github/authorize", { token: u.token, accept: "application/json" });
    expect(new URL(asJson.json.data.url).searchParams.get("state")).not.toBe(to.searchParams.get("state"));

    await connectGithub(u, login);
    expect((await send("/api/auth/github/status", { token: u.token })).json.data).toEqual({ authorized: true, source: "user", login, canAuthorize: true });
    const list = await send("/api/github/repositories?type=user", { token: u.token });
    expect(list.status).toBe(200);
    expect(list.json.data.repositories.map((r: { full_name: string; private: boolean }) => [r.full_name, r.private])).toEqual([
      [`${login}/secret-${login}`, true],
      [`${login}/notes`, false],
    ]);
    // The code went to the token endpoint with our secret, as a form, asking for JSON.
    const exchange = (await githubRecord()).find(
      (r) => r.path === "/github-oauth/login/oauth/access_token" && r.body.includes(`client_id=${FAKE_GITHUB_OAUTH.clientId}`),
    );
    expect(exchange).toBeDefined();
  });

  it("keeps the token only as ciphertext in D1, bound to its user", async () => {
    const u = await signUp("Cipher Owner");
    const login = uniqueLogin();
    await connectGithub(u, login);
    await send("/api/github/repositories?type=user", { token: u.token });
    const token = await lastTokenOf(login);
    expect(token).toMatch(/^gho_/);
    const [row] = await rowsOf(u.id);
    expect(row!.login).toBe(login);
    expect(String(row!.access_token)).toMatch(/^v1\./);
    const dump = JSON.stringify((await env.DB.prepare("SELECT * FROM git_account").all()).results);
    expect(dump).not.toContain(token);

    // The same ciphertext copied into another user's row opens for nobody there.
    const other = await signUp("Row Thief");
    await env.DB.prepare(
      "INSERT INTO git_account (user_id, provider, login, scope, access_token, created_at, updated_at) SELECT ?, provider, login, scope, access_token, created_at, updated_at FROM git_account WHERE user_id = ?",
    )
      .bind(other.id, u.id)
      .run();
    expect((await send("/api/auth/github/status", { token: other.token, overrides: NO_FALLBACK })).json.data.authorized).toBe(false);
    expect((await send("/api/github/repositories?type=user", { token: other.token, overrides: NO_FALLBACK })).status).toBe(403);
  });

  it("never lists with one user's token for another user", async () => {
    const a = await signUp("Anna Owner");
    const b = await signUp("Ben Other");
    const login = uniqueLogin();
    await connectGithub(a, login);
    const none = await send("/api/github/repositories?type=user", { token: b.token, overrides: NO_FALLBACK });
    expect(none.status).toBe(403);
    expect(none.json.message).toBe(GIT_ACCOUNT_TEXTS.notConnected);
    // With the server's fallback token B sees that account's repositories, never A's.
    const fallback = await send("/api/github/repositories?type=user", { token: b.token });
    expect(fallback.status).toBe(200);
    expect(JSON.stringify(fallback.json)).not.toContain(login);
    expect((await send("/api/auth/github/status", { token: b.token })).json.data).toMatchObject({ authorized: true, source: "server", login: null });
    // A never listed: no listing reached GitHub with A's token.
    expect((await githubRecord()).filter((r) => r.login === login && r.path.startsWith("/github/user/repos"))).toEqual([]);
  });

  it("refuses a state it did not issue, a reused one, an expired one, and one started by another session's user", async () => {
    const u = await signUp("State Checker");
    const bogus = await send("/api/auth/github/callback?code=abc&state=not-ours");
    expect(bogus).toMatchObject({ status: 400, text: GIT_ACCOUNT_TEXTS.stateInvalid });
    expect((await send("/api/auth/github/callback?code=abc")).text).toBe(GIT_ACCOUNT_TEXTS.stateInvalid);

    const callback = await startAuthorization(u, uniqueLogin());
    expect((await send(callback)).status).toBe(302);
    const replay = await send(callback);
    expect(replay).toMatchObject({ status: 400, text: GIT_ACCOUNT_TEXTS.stateInvalid });

    const late = await signUp("Late Clicker");
    const lateCallback = await startAuthorization(late, uniqueLogin());
    await env.DB.prepare("UPDATE git_oauth_state SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1000, late.id)
      .run();
    expect(await send(lateCallback)).toMatchObject({ status: 400, text: GIT_ACCOUNT_TEXTS.stateExpired });
    expect(await rowsOf(late.id)).toEqual([]);

    // A state is bound to the user who asked: a browser now signed in as someone else gets nothing.
    const victim = await signUp("Victim Browser");
    const other = await startAuthorization(u, uniqueLogin());
    expect(await send(other, { cookie: victim.cookie })).toMatchObject({ status: 400, text: GIT_ACCOUNT_TEXTS.sessionChanged });
    expect(await rowsOf(victim.id)).toEqual([]);
  });

  it("refuses the callback once the session that started it has signed out", async () => {
    const u = await signUp("Signed Out");
    const callback = await startAuthorization(u, uniqueLogin());
    await env.DB.prepare("DELETE FROM session WHERE user_id = ?").bind(u.id).run();
    expect(await send(callback)).toMatchObject({ status: 400, text: GIT_ACCOUNT_TEXTS.sessionChanged });
    expect(await rowsOf(u.id)).toEqual([]);
  });

  it("goes back to the app with 'denied' when the user cancels at GitHub", async () => {
    const u = await signUp("Canceller");
    const back = await send(await startAuthorization(u, uniqueLogin(), "&deny=1"));
    expect(back).toMatchObject({ status: 302, location: "/workspace?x=1&github=denied" });
    expect(await rowsOf(u.id)).toEqual([]);
  });

  it("refreshes an expiring token with its refresh token, and the old token stops working", async () => {
    const u = await signUp("Fresh Tokens");
    const login = uniqueLogin("expiring");
    await connectGithub(u, login);
    const [before] = await rowsOf(u.id);
    expect(before!.refresh_token).toMatch(/^v1\./);
    const first = await lastTokenOf(login);
    // The token expires within the minute: the next use refreshes it first.
    expect((await send("/api/github/repositories?type=user", { token: u.token })).status).toBe(200);
    const second = await lastTokenOf(login);
    expect(second).not.toBe(first);
    expect(await tokenLive(first)).toBe(false);
    expect(await tokenLive(second)).toBe(true);
    const [after] = await rowsOf(u.id);
    expect(after!.access_token).not.toBe(before!.access_token);
    expect(after!.refresh_token).not.toBe(before!.refresh_token);
    expect((await githubRecord()).some((r) => r.body.includes("grant_type=refresh_token") && r.body.includes(`client_id=${FAKE_GITHUB_OAUTH.clientId}`))).toBe(
      true,
    );
  });

  it("disconnects: the row is gone, GitHub revoked the token, and listing asks to authorize again", async () => {
    const u = await signUp("Disconnector");
    const login = uniqueLogin();
    await connectGithub(u, login);
    await send("/api/github/repositories?type=user", { token: u.token });
    const token = await lastTokenOf(login);
    const gone = await send("/api/auth/github", { token: u.token, method: "DELETE", overrides: NO_FALLBACK });
    expect(gone.json.data).toEqual({ authorized: false, source: null, login: null, canAuthorize: true });
    expect(await rowsOf(u.id)).toEqual([]);
    expect(await tokenLive(token)).toBe(false);
    expect((await send("/api/github/repositories?type=user", { token: u.token, overrides: NO_FALLBACK })).status).toBe(403);
  });

  it("a token GitHub no longer accepts is dropped, so the dialog asks to authorize again", async () => {
    const u = await signUp("Revoked Elsewhere");
    const login = uniqueLogin();
    await connectGithub(u, login);
    await send("/api/github/repositories?type=user", { token: u.token });
    // Revoked on GitHub's side (the user removed the app there).
    const basic = btoa(`${FAKE_GITHUB_OAUTH.clientId}:${FAKE_GITHUB_OAUTH.clientSecret}`);
    await fetch(`${FAKE}/github/applications/${FAKE_GITHUB_OAUTH.clientId}/token`, {
      method: "DELETE",
      headers: { authorization: `Basic ${basic}`, "content-type": "application/json" },
      body: JSON.stringify({ access_token: await lastTokenOf(login) }),
    });
    const r = await send("/api/github/repositories?type=user", { token: u.token, overrides: NO_FALLBACK });
    expect(r).toMatchObject({ status: 403, json: { message: GIT_ACCOUNT_TEXTS.notConnected } });
    expect(await rowsOf(u.id)).toEqual([]);
  });

  it("refuses the signed-out, a server without an OAuth app, and a return address outside the app", async () => {
    const u = await signUp("Edge Cases");
    expect((await send("/api/auth/github/authorize")).status).toBe(401);
    expect((await send("/api/auth/github/status")).status).toBe(401);
    expect((await send("/api/auth/github", { method: "DELETE" })).status).toBe(401);
    const off = await send("/api/auth/github/authorize", { token: u.token, overrides: { GITHUB_CLIENT_ID: "" } });
    expect(off).toMatchObject({ status: 404, json: { message: GIT_ACCOUNT_TEXTS.notConfigured } });
    expect((await send("/api/auth/github/status", { token: u.token, overrides: { GITHUB_CLIENT_ID: "", GITHUB_TOKEN: "" } })).json.data.canAuthorize).toBe(
      false,
    );
    for (const bad of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "relative"]) {
      expect((await send(`/api/auth/github/authorize?returnTo=${encodeURIComponent(bad)}`, { token: u.token })).status).toBe(400);
    }
  });
});
