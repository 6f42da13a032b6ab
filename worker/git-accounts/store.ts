import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { gitAccount, gitOauthState } from "../db/schema";
import type { Env } from "../env";
import { openToken, sealToken, sha256Hex } from "./crypto";
import type { GrantedTokens } from "./github-client";

export type Provider = "github";

/** A connected account with its tokens in plain text: only ever held in memory for one request. */
export interface GitAccount extends GrantedTokens {
  login: string | null;
  updatedAt: Date;
}

export async function saveAccount(env: Env, db: Db, userId: string, provider: Provider, tokens: GrantedTokens, login: string | null): Promise<void> {
  const owner = { userId, provider };
  const now = new Date();
  const row = {
    accessToken: await sealToken(env, owner, tokens.accessToken),
    refreshToken: tokens.refreshToken ? await sealToken(env, owner, tokens.refreshToken) : null,
    scope: tokens.scope.slice(0, 500),
    expiresAt: tokens.expiresAt,
    refreshExpiresAt: tokens.refreshExpiresAt,
    updatedAt: now,
  };
  await db
    .insert(gitAccount)
    .values({ userId, provider, login, createdAt: now, ...row })
    .onConflictDoUpdate({ target: [gitAccount.userId, gitAccount.provider], set: login ? { ...row, login } : row });
}

/** The user's account, or null when there is none or its tokens no longer decrypt (changed key). */
export async function loadAccount(env: Env, db: Db, userId: string, provider: Provider): Promise<GitAccount | null> {
  const [row] = await db
    .select()
    .from(gitAccount)
    .where(and(eq(gitAccount.userId, userId), eq(gitAccount.provider, provider)))
    .limit(1);
  if (!row) return null;
  const owner = { userId, provider };
  const accessToken = await openToken(env, owner, row.accessToken);
  if (!accessToken) return null;
  return {
    accessToken,
    refreshToken: row.refreshToken ? await openToken(env, owner, row.refreshToken) : null,
    scope: row.scope,
    expiresAt: row.expiresAt,
    refreshExpiresAt: row.refreshExpiresAt,
    login: row.login,
    updatedAt: row.updatedAt,
  };
}

export async function hasAccount(db: Db, userId: string, provider: Provider): Promise<{ login: string | null } | null> {
  const [row] = await db
    .select({ login: gitAccount.login })
    .from(gitAccount)
    .where(and(eq(gitAccount.userId, userId), eq(gitAccount.provider, provider)))
    .limit(1);
  return row ?? null;
}

export async function deleteAccount(db: Db, userId: string, provider: Provider): Promise<void> {
  await db.delete(gitAccount).where(and(eq(gitAccount.userId, userId), eq(gitAccount.provider, provider)));
}

/** How long an authorization may take from the click to GitHub's answer. */
export const STATE_TTL_MS = 10 * 60_000;

export interface PendingAuthorization {
  userId: string;
  sessionId: string;
  returnTo: string;
}

export async function createState(db: Db, state: string, provider: Provider, pending: PendingAuthorization): Promise<void> {
  const now = Date.now();
  // Abandoned authorizations are cleared by the next one, so the table stays small without a job.
  await db.delete(gitOauthState).where(lt(gitOauthState.expiresAt, new Date(now)));
  await db.insert(gitOauthState).values({ stateHash: await sha256Hex(state), provider, ...pending, expiresAt: new Date(now + STATE_TTL_MS) });
}

export type TakenState = { ok: true; pending: PendingAuthorization } | { ok: false; reason: "unknown" | "expired" };

/**
 * Takes the state out of the table in one statement, so it can be used once only: two callbacks
 * racing with the same state cannot both get it.
 */
export async function takeState(db: Db, state: string, provider: Provider): Promise<TakenState> {
  const [row] = await db
    .delete(gitOauthState)
    .where(and(eq(gitOauthState.stateHash, await sha256Hex(state)), eq(gitOauthState.provider, provider)))
    .returning();
  if (!row) return { ok: false, reason: "unknown" };
  if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: "expired" };
  return { ok: true, pending: { userId: row.userId, sessionId: row.sessionId, returnTo: row.returnTo } };
}
