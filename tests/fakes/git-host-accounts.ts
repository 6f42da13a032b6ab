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
