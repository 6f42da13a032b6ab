import { Hono } from "hono";
import type { Env } from "../env";
import type { Auth } from "../auth/auth";

type AuthSession = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;
export type AuthUser = AuthSession["user"];

export interface AppVariables {
  user: AuthUser;
  sessionId: string;
}

export type AppEnv = { Bindings: Env; Variables: AppVariables };

/** Every sub-app is made here so they all share the same typed context. */
export function newApp() {
  return new Hono<AppEnv>();
}
