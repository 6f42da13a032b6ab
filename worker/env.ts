import * as v from "valibot";
import type { ChatRoom } from "./rooms/chat-room/index";
import type { UserInbox } from "./rooms/user-inbox";
import type { SearchShard } from "./search/shard";
import { embedOrigins, imageSources } from "./lib/site-policy";

/** Bindings and vars of wrangler.toml plus the secrets of .dev.vars. */
export interface Env {
  DB: D1Database;
  FILES: R2Bucket;
  ASSETS: Fetcher;
  CHAT_ROOM: DurableObjectNamespace<ChatRoom>;
  USER_INBOX: DurableObjectNamespace<UserInbox>;
  /** One message search index per organization (worker/search/). */
  SEARCH_SHARD: DurableObjectNamespace<SearchShard>;
  JOBS: Queue<unknown>;
  /** Workers Analytics Engine dataset for page views (wrangler.toml `[[analytics_engine_datasets]]`); unset, D1 keeps daily counts. */
  ANALYTICS?: AnalyticsEngineDataset;
  BETTER_AUTH_SECRET: string;
  BETTER_AUTH_URL?: string;
  DEV_EMAILS?: string;
  AUTH_RATE_LIMIT_MAX?: string;
  /** "1" in the Worker tests only: a cheap password hash instead of scrypt (worker/auth/test-password-hash.ts). Never set it in a deploy. */
  TEST_CHEAP_PASSWORD_HASH?: string;
  /** The sandbox host (sandbox/): its base URL and the shared secret it requires on every call. */
  SANDBOX_URL?: string;
  SANDBOX_SECRET?: string;
  /**
   * The public git host (GitHub) used by repository import (spec 03 §7.3): a token of the account
   * whose repositories are listed; unset, the import dialog shows its authorisation prompt.
   */
  GITHUB_TOKEN?: string;
  /** GitHub's REST API base (default https://api.github.com; GitHub Enterprise: https://host/api/v3). */
  GITHUB_API_URL?: string;
  /**
   * GitHub OAuth app of "Authorize GitHub" (worker/api/github-oauth.ts): each user connects their own
   * account. GITHUB_OAUTH_URL is GitHub's web host (default https://github.com): the authorize and
   * token endpoints live under it, and its repositories are cloned with the user's token.
   */
  GITHUB_CLIENT_ID?: string;
  GITHUB_CLIENT_SECRET?: string;
  GITHUB_OAUTH_URL?: string;
  /** The secret git host tokens are encrypted with at rest (default: derived from BETTER_AUTH_SECRET). */
  GIT_TOKEN_KEY?: string;
  /**
   * Git hosts on private, loopback or link-local addresses the Worker may still contact (imports,
   * GitLab sign-in and listings): comma-separated `host` or `host:port`, e.g. `gitlab.internal,10.0.0.5:8443`.
   * Unset, only public addresses are reached.
   */
  GIT_HOSTS_ALLOW_PRIVATE?: string;
  /** Milliseconds a git-host call may take, redirects included (default 10000); failures all answer after this long. */
  GIT_HOSTS_TIMEOUT_MS?: string;
  /** Most R2 objects and records one cleanup run (the cron) looks at (default 500). */
  CLEANUP_MAX_OBJECTS?: string;
  /** Where custom assistants are announced for building (spec 01 §4); unset: nobody is told. */
  CUSTOM_ASSISTANT_ENDPOINT?: string;
  // Model providers (all optional; see README "Model providers"). With none set the agent answers
  // with a system alert naming these settings.
  ANTHROPIC_API_KEY?: string;
  ANTHROPIC_BASE_URL?: string;
  OPENAI_API_KEY?: string;
  OPENAI_BASE_URL?: string;
  /** Comma-separated models the OpenAI-compatible endpoint serves, each `key` or `key=provider-model-id`. */
  OPENAI_MODELS?: string;
  /** The Workers AI binding, when `[ai] binding = "AI"` is added to wrangler.toml. */
  AI?: Ai;
  WORKERS_AI_MODEL?: string;
  /**
   * Speech for file analysis (worker/analysis/speech-providers.ts, README "How file analysis works"): an
   * OpenAI-compatible endpoint (`/audio/transcriptions`, `/audio/speech`, and `/audio/transcode` of our
   * speech service), its key, models and comma-separated voices (one per podcast host). Unset, Workers AI
   * (the AI binding) is used with WORKERS_AI_STT_MODEL and WORKERS_AI_TTS_MODEL; with neither, recordings
   * wait with a problem naming these settings.
   */
  SPEECH_URL?: string;
  SPEECH_API_KEY?: string;
  SPEECH_STT_MODEL?: string;
  SPEECH_TTS_MODEL?: string;
  SPEECH_TTS_VOICES?: string;
  WORKERS_AI_STT_MODEL?: string;
  WORKERS_AI_TTS_MODEL?: string;
  /** Milliseconds without a token before a reply is ended as timed out (default 60000). */
  AGENT_IDLE_TIMEOUT_MS?: string;
  /** The coding agent's limits per request: model steps (default 40) and working time in ms (default 20 min). */
  CODING_MAX_STEPS?: string;
  CODING_MAX_RUN_MS?: string;
  /**
   * Outgoing mail over SMTP (worker/mail/, README "Mail"). Unset SMTP_HOST: mails wait in the outbox
   * (developers see them under Settings) and nothing is sent. SMTP_SECURE "true": TLS from the first
   * byte (port 465); otherwise STARTTLS when the server offers it. MAIL_FROM: `Name <address>` or an address.
   */
  SMTP_HOST?: string;
  SMTP_PORT?: string;
  SMTP_USER?: string;
  SMTP_PASSWORD?: string;
  SMTP_SECURE?: string;
  MAIL_FROM?: string;
  /** Comma-separated origins whose pages may frame the app (worker/lib/site-policy.ts); empty: none but itself. */
  EMBED_ORIGINS?: string;
  /** Comma-separated hosts or origins markdown images may load from, besides the app itself. */
  IMAGE_HOSTS?: string;
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
  // Throw naming the setting when an entry is not an origin or host.
  embedOrigins(env);
  imageSources(env);
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
