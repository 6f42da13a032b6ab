import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { user } from "./auth-schema";

/** A git host account a user connected; both tokens are ciphertext (worker/git-accounts/crypto.ts). */
export const gitAccount = sqliteTable(
  "git_account",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["github"] }).notNull(),
    login: text("login"),
    scope: text("scope").notNull().default(""),
    accessToken: text("access_token").notNull(),
    refreshToken: text("refresh_token"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    refreshExpiresAt: integer("refresh_expires_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

/** A pending OAuth authorization, keyed by its state's SHA-256; single-use and short-lived. */
export const gitOauthState = sqliteTable(
  "git_oauth_state",
  {
    stateHash: text("state_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    sessionId: text("session_id").notNull(),
    provider: text("provider", { enum: ["github"] }).notNull(),
    returnTo: text("return_to").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("git_oauth_state_expiry_idx").on(t.expiresAt)],
);
