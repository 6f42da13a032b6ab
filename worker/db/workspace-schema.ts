import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";
import { user } from "./auth-schema";
import { organization } from "./schema-org";
import { chat } from "./chat-schema";

const now = () => new Date();

/**
 * A coding project: a workspace on the sandbox host (`{ownerId}/{id}`) tied to a private coding
 * chat with the owner's coding agent. Whoever is in that chat may see the project.
 */
export const codingProject = sqliteTable(
  "coding_project",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    orgId: text("org_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    chatId: text("chat_id").references(() => chat.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** The folder name on the host, derived from the name (imports: from the repository). */
    directoryName: text("directory_name").notNull(),
    gitInitialized: integer("git_initialized", { mode: "boolean" }).notNull().default(false),
    httpRepoUrl: text("http_repo_url"),
    sshRepoUrl: text("ssh_repo_url"),
    branch: text("branch").notNull().default("main"),
    /** 0 created here, 1 self-hosted git, 2 public git host (spec 03 §3). */
    isImported: integer("is_imported").notNull().default(0),
    status: text("status").notNull().default("active"),
    currentUse: integer("current_use", { mode: "boolean" }).notNull().default(false),
    /** The coding agent's approval policy (ApprovalPolicy in the contract). */
    approvalPolicy: text("approval_policy").notNull().default("ask"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().$defaultFn(now),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().$defaultFn(now),
  },
  (t) => [index("coding_project_owner_idx").on(t.ownerId), index("coding_project_chat_idx").on(t.chatId)],
);

/**
 * A user's sandbox ("virtual machine" in the spec): its state machine (creating, starting, active,
 * idle, restarting, stopping, stopped, failed …) is driven by Queue jobs that poll the host.
 */
export const sandbox = sqliteTable(
  "sandbox",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    provider: text("provider").notNull().default("local"),
    status: text("status").notNull().default("creating"),
    taskId: text("task_id"),
    subdomain: text("subdomain"),
    /** Polls done by the current job, against the spec's limit of 60. */
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().$defaultFn(now),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().$defaultFn(now),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("sandbox_user_idx").on(t.userId)],
);

/** `vm-url-storage`: the VM address a user saved (developer mode points the workspace at another host). */
export const vmUrl = sqliteTable("vm_url", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  vmUrl: text("vm_url").notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().$defaultFn(now),
});
