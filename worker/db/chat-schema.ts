import { sqliteTable, text, integer, primaryKey, index } from "drizzle-orm/sqlite-core";
import { user } from "./auth-schema";
import { organization } from "./schema-org";

const now = () => new Date();

/**
 * A virtual employee. The VIRE issue adds its management; chats need the row now so private
 * chats with a VIRE and groups with one have something to point at.
 */
export const virtualEmployee = sqliteTable(
  "virtual_employee",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    orgId: text("org_id").references(() => organization.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    role: text("role").notNull(),
    description: text("description").notNull().default(""),
    avatarUrl: text("avatar_url"),
    skills: text("skills", { mode: "json" }).$type<string[]>().notNull().default([]),
    workflow: text("workflow").notNull().default("{}"),
    memory: text("memory").notNull().default("{}"),
    knowledge: text("knowledge").notNull().default("{}"),
    rolePrompt: text("role_prompt").notNull().default(""),
    agentType: text("agent_type").notNull().default("chatter"),
    taskId: text("task_id"),
    status: text("status"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().$defaultFn(now),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().$defaultFn(now),
  },
  (t) => [index("vire_owner_idx").on(t.ownerId)],
);

export const chat = sqliteTable(
  "chat",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    kind: text("kind", { enum: ["single_group", "human_group", "virtual_employee", "real_person"] }).notNull(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    projectId: text("project_id"),
    lastMessageText: text("last_message_text"),
    lastMessageAt: integer("last_message_at", { mode: "timestamp_ms" }),
    lastMessageSeq: integer("last_message_seq").notNull().default(0),
    /** Messages so far in the human and agent counters; unread = these minus what a participant has seen. */
    humanCount: integer("human_count").notNull().default(0),
    agentCount: integer("agent_count").notNull().default(0),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().$defaultFn(now),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().$defaultFn(now),
  },
  (t) => [index("chat_org_idx").on(t.orgId)],
);

/**
 * Who is in a chat and how far they have read. Unread counts are the chat's counters minus the
 * `seen` ones, so a message costs one write however many members the chat has; ask-only replies
 * reach one person and are counted on their row directly.
 */
export const chatParticipant = sqliteTable(
  "chat_participant",
  {
    chatId: text("chat_id")
      .notNull()
      .references(() => chat.id, { onDelete: "cascade" }),
    participantId: text("participant_id").notNull(),
    participantType: text("participant_type", { enum: ["user", "virtual_employee"] }).notNull(),
    cpRole: text("cp_role", { enum: ["owner", "presenter", "member"] })
      .notNull()
      .default("member"),
    seenHuman: integer("seen_human").notNull().default(0),
    seenAgent: integer("seen_agent").notNull().default(0),
    askUnread: integer("ask_unread").notNull().default(0),
    lastReadAt: integer("last_read_at", { mode: "timestamp_ms" }),
    joinedAt: integer("joined_at", { mode: "timestamp_ms" }).notNull().$defaultFn(now),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.participantId] }), index("chat_participant_member_idx").on(t.participantId)],
);

/**
 * One slim row per message, written by the mirror job: which chat a message belongs to, and that
 * its unread counts were raised (so a redelivered job counts nothing twice). The searchable text
 * lives in the organization's SearchShard (worker/search/), not here (migration 0009).
 */
export const messageMirror = sqliteTable(
  "message_mirror",
  {
    id: text("id").primaryKey(),
    chatId: text("chat_id").notNull(),
    seq: integer("seq").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("message_mirror_chat_idx").on(t.chatId, t.seq)],
);

export const groupInvite = sqliteTable(
  "group_invite",
  {
    id: text("id").primaryKey(),
    chatId: text("chat_id")
      .notNull()
      .references(() => chat.id, { onDelete: "cascade" }),
    inviterId: text("inviter_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    inviteeEmail: text("invitee_email").notNull(),
    status: text("status", { enum: ["pending", "accepted", "declined", "expired", "revoked"] })
      .notNull()
      .default("pending"),
    inviteCode: text("invite_code").notNull().unique(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().$defaultFn(now),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("group_invite_chat_idx").on(t.chatId)],
);

/** How many tabs a user has open (their inbox sockets): unread notices go only to people who are online. */
export const userPresence = sqliteTable("user_presence", {
  userId: text("user_id").primaryKey(),
  tabs: integer("tabs").notNull().default(0),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().$defaultFn(now),
});
