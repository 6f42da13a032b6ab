import * as v from "valibot";
import type { ChatRoom } from "./rooms/chat-room/index";
import type { UserInbox } from "./rooms/user-inbox";

/** Bindings and vars of wrangler.toml plus the secrets of .dev.vars. */
export interface Env {
  DB: D1Database;
  FILES: R2Bucket;
  ASSETS: Fetcher;
  CHAT_ROOM: DurableObjectNamespace<ChatRoom>;
  USER_INBOX: DurableObjectNamespace<UserInbox>;
  JOBS: Queue<unknown>;
  BETTER_AUTH_SECRET: string;
  BETTER_AUTH_URL?: string;
  DEV_EMAILS?: string;
  AUTH_RATE_LIMIT_MAX?: string;
}

/** The settings a misconfigured deploy gets wrong; checked once per isolate so the error names the setting. */
const Settings = v.object({
  BETTER_AUTH_SECRET: v.pipe(
    v.string("BETTER_AUTH_SECRET is not set: add it to .dev.vars or `wrangler secret put BETTER_AUTH_SECRET`"),
    v.minLength(32, "BETTER_AUTH_SECRET must be at least 32 characters"),
  ),
  BETTER_AUTH_URL: v.optional(v.string()),
  DEV_EMAILS: v.optional(v.string()),
});

const checked = new WeakSet<object>();

export function assertSettings(env: Env): void {
  if (checked.has(env)) return;
  const result = v.safeParse(Settings, env);
  if (!result.success) throw new Error(`Configuration error: ${result.issues.map((i) => i.message).join("; ")}`);
  checked.add(env);
}

export function devEmails(env: Env): Set<string> {
  return new Set(
    (env.DEV_EMAILS ?? "")
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  );
}
