import type { ModelMessage } from "ai";
import type { ApprovalPolicy, ApprovalRequest, ChatStream, ExecutionMode, TodoItem } from "../../../contract";
import { storableMessage } from "../../agents/coding/output";
import type { ToolCall } from "../../agents/stream";

/**
 * The coding agent's durable state in the room's SQLite: one checkpoint per running request (the
 * conversation so far and the calls of the current step still to execute), the approval requests
 * and the chat's todo list. Written after every step and every tool call, so a restarted room
 * resumes where the run was and never runs a finished call twice.
 */

export interface Checkpoint {
  room: string;
  chatType: ChatStream;
  requestId: string;
  startedBy: string;
  visibleTo: string | null;
  vireId: string;
  project: { id: string; ownerId: string; policy: ApprovalPolicy };
  mode: ExecutionMode;
  model: string | null;
  system: string;
  messages: ModelMessage[];
  /** Calls of the current step not executed yet, in order. */
  pending: ToolCall[];
  /** The call being executed: still set after a restart means its outcome is unknown. */
  inflight: string | null;
  /** The approval request the run waits for. */
  awaiting: string | null;
  step: number;
  /** Time spent working (model and tools), not waiting for approvals. */
  activeMs: number;
  outputChars: number;
  /** Set by a pause (or a sandbox that went down): the run ends at its next turn. */
  paused?: boolean;
  /** Tool call id → its card's message id. */
  cards: Record<string, string>;
}

export interface ApprovalRow {
  id: string;
  room: string;
  tool_call_id: string;
  tool: string;
  content: string;
  created_at: number;
  expires_at: number;
  initiator_user_id: string;
  approved: number | null;
  decided_by: string | null;
  decided_by_name: string | null;
  decided_at: number | null;
  outcome: string | null;
  [key: string]: SqlStorageValue;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS coding_runs (room TEXT PRIMARY KEY, state TEXT NOT NULL, updated_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS coding_run_messages (room TEXT NOT NULL, idx INTEGER NOT NULL, message TEXT NOT NULL, PRIMARY KEY (room, idx));
CREATE TABLE IF NOT EXISTS approvals (
  id TEXT PRIMARY KEY,
  room TEXT NOT NULL,
  tool_call_id TEXT NOT NULL,
  tool TEXT NOT NULL,
  content TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  initiator_user_id TEXT NOT NULL,
  approved INTEGER,
  decided_by TEXT,
  decided_by_name TEXT,
  decided_at INTEGER,
  outcome TEXT
);
CREATE INDEX IF NOT EXISTS approvals_open ON approvals(outcome, expires_at);
CREATE TABLE IF NOT EXISTS todo_list (id INTEGER PRIMARY KEY CHECK (id = 1), items TEXT NOT NULL, updated_at INTEGER NOT NULL);`;

/** Decided requests are re-sent to late joiners for this long, so a reload shows what happened. */
const RECENT_DECISION_MS = 60_000;

export class CodingStore {
  private readonly cache = new Map<string, Checkpoint>();
  private readonly counts = new Map<string, number>();

  constructor(private readonly sql: SqlStorage) {
    sql.exec(SCHEMA);
  }

  // ---- checkpoints ----

  /**
   * The conversation only grows, so each save appends the new messages and rewrites the small
   * state row: a step costs the same at step 40 as at step 1. The checkpoint object stays cached
   * (write-through) so the loop does not parse it back on every turn.
   */
  save(cp: Checkpoint): void {
    const stored = this.storedCount(cp.room);
    for (let idx = stored; idx < cp.messages.length; idx++) {
      this.sql.exec("INSERT INTO coding_run_messages (room, idx, message) VALUES (?, ?, ?)", cp.room, idx, JSON.stringify(storableMessage(cp.messages[idx]!)));
    }
    this.counts.set(cp.room, cp.messages.length);
    const { messages: _messages, ...state } = cp;
    this.sql.exec(
      "INSERT INTO coding_runs (room, state, updated_at) VALUES (?, ?, ?) ON CONFLICT(room) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at",
      cp.room,
      JSON.stringify(state),
      Date.now(),
    );
    this.cache.set(cp.room, cp);
  }

  load(room: string): Checkpoint | null {
    const cached = this.cache.get(room);
    if (cached) return cached;
    const row = this.sql.exec<{ state: string }>("SELECT state FROM coding_runs WHERE room = ?", room).toArray()[0];
    if (!row) return null;
    const messages = this.sql
      .exec<{ message: string }>("SELECT message FROM coding_run_messages WHERE room = ? ORDER BY idx", room)
      .toArray()
      .map((m) => JSON.parse(m.message) as ModelMessage);
    const cp = { ...(JSON.parse(row.state) as Omit<Checkpoint, "messages">), messages };
    this.cache.set(room, cp);
    this.counts.set(room, messages.length);
    return cp;
  }

  private storedCount(room: string): number {
    const known = this.counts.get(room);
    if (known !== undefined) return known;
    return this.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM coding_run_messages WHERE room = ?", room).one().n;
  }

  rooms(): string[] {
    return this.sql
      .exec<{ room: string }>("SELECT room FROM coding_runs")
      .toArray()
      .map((r) => r.room);
  }

  drop(room: string): void {
    this.sql.exec("DELETE FROM coding_runs WHERE room = ?", room);
    this.sql.exec("DELETE FROM coding_run_messages WHERE room = ?", room);
    this.cache.delete(room);
    this.counts.delete(room);
  }

  // ---- approvals ----

  addApproval(row: Omit<ApprovalRow, "approved" | "decided_by" | "decided_by_name" | "decided_at" | "outcome">): void {
    this.sql.exec(
      "INSERT INTO approvals (id, room, tool_call_id, tool, content, created_at, expires_at, initiator_user_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      row.id,
      row.room,
      row.tool_call_id,
      row.tool,
      row.content,
      row.created_at,
      row.expires_at,
      row.initiator_user_id,
    );
  }

  approval(id: string): ApprovalRow | null {
    return this.sql.exec<ApprovalRow>("SELECT * FROM approvals WHERE id = ?", id).toArray()[0] ?? null;
  }

  /** Decides an open request; false when it was already decided (a decision is final). */
  decide(id: string, outcome: "approved" | "rejected" | "expired", by: { id: string; name: string } | null, at: number): boolean {
    const cursor = this.sql.exec(
      "UPDATE approvals SET approved = ?, outcome = ?, decided_by = ?, decided_by_name = ?, decided_at = ? WHERE id = ? AND outcome IS NULL",
      outcome === "approved" ? 1 : 0,
      outcome,
      by?.id ?? null,
      by?.name ?? null,
      at,
      id,
    );
    return cursor.rowsWritten > 0;
  }

  /** Undecided requests, and those decided in the last minute (a reload still shows the outcome). */
  visibleApprovals(now: number): ApprovalRow[] {
    return this.sql
      .exec<ApprovalRow>("SELECT * FROM approvals WHERE outcome IS NULL OR decided_at > ? ORDER BY created_at", now - RECENT_DECISION_MS)
      .toArray();
  }

  expiredApprovals(now: number): ApprovalRow[] {
    return this.sql.exec<ApprovalRow>("SELECT * FROM approvals WHERE outcome IS NULL AND expires_at <= ?", now).toArray();
  }

  nextExpiry(): number | null {
    return this.sql.exec<{ at: number | null }>("SELECT MIN(expires_at) AS at FROM approvals WHERE outcome IS NULL").one().at ?? null;
  }

  // ---- todo list ----

  setTodos(items: TodoItem[], at: number): void {
    this.sql.exec(
      "INSERT INTO todo_list (id, items, updated_at) VALUES (1, ?, ?) ON CONFLICT(id) DO UPDATE SET items = excluded.items, updated_at = excluded.updated_at",
      JSON.stringify(items),
      at,
    );
  }

  todos(): { items: TodoItem[]; updatedAt: number } | null {
    const row = this.sql.exec<{ items: string; updated_at: number }>("SELECT items, updated_at FROM todo_list WHERE id = 1").toArray()[0];
    return row ? { items: JSON.parse(row.items) as TodoItem[], updatedAt: row.updated_at } : null;
  }
}

/** The wire shape of a stored request; who may answer is decided now (the controller can change meanwhile). */
export function toApprovalRequest(row: ApprovalRow, targetUserId: string): ApprovalRequest {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    messageId: row.id,
    content: row.content,
    timestamp: new Date(row.created_at).toISOString(),
    targetUserId,
    initiatorUserId: row.initiator_user_id,
    tool: row.tool,
    expiresAt: new Date(row.expires_at).toISOString(),
    approved: row.approved === null ? null : row.approved === 1,
    decidedBy: row.decided_by,
    decidedByName: row.decided_by_name,
    decidedAt: iso(row.decided_at),
    outcome: (row.outcome as ApprovalRequest["outcome"]) ?? null,
  };
}
