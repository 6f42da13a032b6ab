/**
 * The accounts the fake git hosts (fake-git-hosts.ts) accept, shared with the worker tests, which
 * cannot import the Node server itself.
 */
export const FAKE_GITLAB = {
  username: "alice",
  password: "wonderland",
  token: "gl-token-alice",
  refresh: "gl-refresh-alice",
  email: "alice@gitlab.example",
} as const;
export const FAKE_GITHUB_TOKEN = "test-github-token";
/**
 * The fake GitHub OAuth app (tests/fakes/github-oauth.ts). Logins starting with `expiring` get
 * tokens that expire within a minute, with a refresh token (as a GitHub App issues them).
 */
export const FAKE_GITHUB_OAUTH = { clientId: "Iv1.fakeclientid", clientSecret: "fake-client-secret-0123456789" } as const;
