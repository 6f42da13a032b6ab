import * as v from "valibot";

/**
 * The coding agent's protocol (spec 03 §2.9, §3 "Todo item" and "Approval request", §4): its todo
 * list, its approval requests, the tool cards it posts and the workspace changes it announces.
 */

// ---- Todo list ----

export const TODO_STATUSES = ["pending", "in_progress", "completed"] as const;
export type TodoStatus = (typeof TODO_STATUSES)[number];
export const TODO_MAX_ITEMS = 50;
export const TODO_TEXT_MAX = 300;

export const TodoItemSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  description: v.pipe(v.string(), v.minLength(1), v.maxLength(TODO_TEXT_MAX)),
  status: v.picklist(TODO_STATUSES),
});
export type TodoItem = v.InferOutput<typeof TodoItemSchema>;

/** Spec 03 §3: total, completed, inProgress, percentage, all-completed. */
export interface TodoProgress {
  total: number;
  completed: number;
  inProgress: number;
  percentage: number;
  allCompleted: boolean;
}

export function todoProgress(items: readonly TodoItem[]): TodoProgress {
  const total = items.length;
  const completed = items.filter((i) => i.status === "completed").length;
  const inProgress = items.filter((i) => i.status === "in_progress").length;
  return { total, completed, inProgress, percentage: total ? Math.round((completed / total) * 100) : 0, allCompleted: total > 0 && completed === total };
}

/** The room's current list, to every member of the chat (a late joiner gets it after `ready`). */
export const TodoListFrame = v.object({
  type: v.literal("todo_list"),
  chatId: v.string(),
  items: v.array(TodoItemSchema),
  updatedAt: v.string(),
});

// ---- Approval requests ----

/** "ask" asks before every risky tool; "auto_edits" lets file edits through and asks for the rest. */
export const APPROVAL_POLICIES = ["ask", "auto_edits"] as const;
export type ApprovalPolicy = (typeof APPROVAL_POLICIES)[number];
export const DEFAULT_APPROVAL_POLICY: ApprovalPolicy = "ask";
/** `PUT /api/v2/coding-projects/{id}/agent-settings`: body and answer. */
export const AgentSettingsBody = v.object({ approvalPolicy: v.picklist(APPROVAL_POLICIES, "approvalPolicy must be ask or auto_edits") });
export type AgentSettingsAnswer = v.InferOutput<typeof AgentSettingsBody>;

/** An approval nobody answers expires as rejected after this long. */
export const APPROVAL_TTL_MS = 10 * 60 * 1000;
/** Spec 03 §9: the decided card hides after 500 ms; the todo list 5 s after all items complete. */
export const APPROVAL_HIDE_MS = 500;
export const TODO_AUTO_HIDE_MS = 5000;

/** Spec 03 §3 "Approval request" (messageId, content, timestamp, targetUserId, initiatorUserId) plus its outcome. */
export const ApprovalRequestSchema = v.object({
  messageId: v.string(),
  content: v.string(),
  timestamp: v.string(),
  /** Who may answer: the presenter, or the owner when there is none (spec 03 §6). Follows control changes. */
  targetUserId: v.string(),
  /** Who started the run that asks. */
  initiatorUserId: v.string(),
  tool: v.string(),
  expiresAt: v.string(),
  approved: v.nullable(v.boolean()),
  decidedBy: v.nullable(v.string()),
  decidedByName: v.nullable(v.string()),
  decidedAt: v.nullable(v.string()),
  /** "expired" when nobody answered in time (then approved is false). */
  outcome: v.nullable(v.picklist(["approved", "rejected", "expired"])),
});
export type ApprovalRequest = v.InferOutput<typeof ApprovalRequestSchema>;

/** A new or changed request (asked, re-targeted after a control change, decided, expired), to every member. */
export const ApprovalFrame = v.object({ type: v.literal("approval_request"), chatId: v.string(), request: ApprovalRequestSchema });

/** The browser's Yes/No (the card, or "yes"/"no" typed in the composer while the card shows). */
export const ApprovalDecisionFrame = v.object({
  type: v.literal("approval_decision"),
  messageId: v.pipe(v.string(), v.minLength(1), v.maxLength(120)),
  approved: v.boolean(),
});

// ---- Workspace changes ----

/** Files the agent changed (or a commit it made): explorers, open tabs and git sections refresh. */
export const WorkspaceChangedFrame = v.object({
  type: v.literal("workspace_changed"),
  chatId: v.string(),
  projectId: v.string(),
  paths: v.array(v.string()),
  git: v.boolean(),
});

// ---- Tool cards ----

/**
 * `details` of a tool card: a `status_update` message (update_type tool_execution_result) posted
 * when the tool starts and updated (message_updated) when it ends.
 */
export interface ToolCardDetails {
  tool: string;
  /** The arguments, shortened for display. */
  args: string;
  status: "running" | "awaiting_approval" | "done" | "failed" | "rejected" | "interrupted";
  /** The result, shortened for display. */
  result: string | null;
  durationMs: number | null;
  /** The approval request, when the tool needed one. */
  approvalId: string | null;
}

export const CODING_TEXTS = {
  approvalPrompt: "The agent wants to run {tool}: {summary}. Allow it?",
  approvalNotYours: "Only the presenter, or the owner when there is no presenter, can answer this request",
  approvalDecided: "This request has already been answered",
  approvalNotFound: "This approval request no longer exists",
  approvalRejected: "Rejected: the tool did not run.",
  approvalExpired: "Nobody answered in time: the tool did not run.",
  stepLimit: "The agent stopped: it reached the limit of {n} steps for one request.",
  timeLimit: "The agent stopped: it reached the time limit for one request.",
  outputLimit: "The agent stopped: its tools produced more output than one request may use.",
  sandboxDown: "The workspace is not available right now (the sandbox is down or restarting). Please try again in a moment.",
  interrupted: "The agent's work was interrupted by a server restart; it resumed from its last finished step.",
  interruptedClosed: "The agent's work was interrupted by a server restart and could not be resumed.",
  outputTruncated: "[output truncated: {shown} of {total} characters shown]",
} as const;

export const CodingServerFrames = [TodoListFrame, ApprovalFrame, WorkspaceChangedFrame] as const;
