import * as v from "valibot";
import type { Db } from "../db/client";
import type { Env } from "../env";
import { githubWebBase } from "./github-client";
import { userGithubToken } from "./github-token";

/**
 * The credentials an import clones with, written into the clone URL's user:password that only the
 * sandbox host sees: the host turns them into an HTTP header for that one git run (never a command
 * line argument, never .git/config) and the project keeps the URL without them. A token only goes
 * to the host it belongs to: the user's GitHub token to GitHub's web host, the GitLab sign-in's
 * token to the server the user signed in to.
 */

/** What the GitLab import dialog holds after sign-in (spec 03 §3 "auth held client-side"). */
const GitlabAuth = v.object({
  token: v.optional(v.pipe(v.string(), v.maxLength(4096))),
  auth: v.optional(v.pipe(v.string(), v.maxLength(4096))),
  authType: v.optional(v.picklist(["oauth", "private_token"]), "oauth"),
  username: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(255)))),
  serverUrl: v.optional(v.pipe(v.string(), v.maxLength(2048))),
});

export interface CloneAuthInput {
  isImported: 0 | 1 | 2;
  useGithubAuth?: boolean;
  gitlabAuth?: unknown;
}

/** `url` lies under `base` (same origin, path below it). */
function under(url: URL, base: string): boolean {
  let b: URL;
  try {
    b = new URL(base);
  } catch {
    return false;
  }
  const path = b.pathname.replace(/\/+$/, "");
  return url.origin === b.origin && (path === "" || url.pathname === path || url.pathname.startsWith(`${path}/`));
}

function withUser(url: URL, username: string, password: string): string {
  const out = new URL(url.href);
  out.username = encodeURIComponent(username);
  out.password = encodeURIComponent(password);
  return out.href;
}

/** The URL to clone: `cloneUrl` with the user's token for its host, or unchanged. */
export async function authenticatedCloneUrl(env: Env, db: Db, userId: string, cloneUrl: string, input: CloneAuthInput): Promise<string> {
  const url = new URL(cloneUrl);
  // Credentials typed into the URL are the user's choice; only http(s) can carry a token.
  if (url.username || url.password || (url.protocol !== "https:" && url.protocol !== "http:")) return cloneUrl;
  if (input.isImported === 2 && input.useGithubAuth !== false && under(url, githubWebBase(env))) {
    const token = await userGithubToken(env, db, userId);
    // GitHub takes any user name with a token as the password; x-access-token is the documented one.
    return token ? withUser(url, "x-access-token", token) : cloneUrl;
  }
  if (input.isImported === 1 && input.gitlabAuth !== undefined) {
    const auth = v.safeParse(GitlabAuth, input.gitlabAuth);
    const token = auth.success ? auth.output.token || auth.output.auth : undefined;
    if (!auth.success || !token || !auth.output.serverUrl || !under(url, auth.output.serverUrl)) return cloneUrl;
    // GitLab: an OAuth token over HTTP goes with the user name oauth2; a personal token with any name.
    return withUser(url, auth.output.authType === "oauth" ? "oauth2" : auth.output.username || "private-token", token);
  }
  return cloneUrl;
}
