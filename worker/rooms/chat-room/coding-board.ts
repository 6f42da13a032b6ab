import * as v from "valibot";
import { CODING_TEXTS, TODO_MAX_ITEMS, TodoItemSchema, type ServerFrame } from "../../../contract";
import type { Env } from "../../env";
import { toApprovalRequest, type ApprovalRow, type CodingStore } from "./coding-store";
import type { RoomMember } from "./types";

/** What the coding agent needs of its room. */
export interface CodingIo {
  env: Env;
  coding: CodingStore;
  chatId(): string;
  /** Who may answer approvals right now: the presenter, or the owner when there is none (spec 03 §6). */
  controller(): string;
  member(id: string): RoomMember | null;
  broadcast(frame: ServerFrame, onlyUser?: string): void;
  alarmBy(at: number): Promise<void>;
}

export type DecideResult = { ok: true; room: string } | { ok: false; error: string };

const TodoInput = v.object({ items: v.pipe(v.array(TodoItemSchema), v.maxLength(TODO_MAX_ITEMS)) });

/**
 * What every member of a coding chat sees of the agent's work besides its messages: the todo list
 * and the approval requests, and the one way to answer them (the controller's decision).
 */
export class CodingBoard {
  constructor(protected readonly io: CodingIo) {}

  // ---- todo list ----

  protected updateTodos(input: unknown): string {
    const parsed = v.safeParse(TodoInput, input ?? {});
    if (!parsed.success) return `Error: invalid todo list: ${parsed.issues[0]?.message ?? "bad input"}`;
    const ids = new Set(parsed.output.items.map((i) => i.id));
    if (ids.size !== parsed.output.items.length) return "Error: todo ids must be unique.";
    const now = Date.now();
    this.io.coding.setTodos(parsed.output.items, now);
    this.io.broadcast(this.todoFrame()!);
    return `Todo list updated (${parsed.output.items.length} items).`;
  }

  todoFrame(): ServerFrame | null {
    const todos = this.io.coding.todos();
    if (!todos) return null;
    return { type: "todo_list", chatId: this.io.chatId(), items: todos.items, updatedAt: new Date(todos.updatedAt).toISOString() };
  }

  // ---- approvals ----

  private approvalFrame(row: ApprovalRow): ServerFrame {
    return { type: "approval_request", chatId: this.io.chatId(), request: toApprovalRequest(row, this.io.controller()) };
  }

  protected announceApproval(id: string): void {
    const row = this.io.coding.approval(id);
    if (row) this.io.broadcast(this.approvalFrame(row));
  }

  /** What a member sees on connect, and everyone after a control change: the todo list and the open (or just decided) requests. */
  stateFrames(): ServerFrame[] {
    const todo = this.todoFrame();
    return [...(todo ? [todo] : []), ...this.io.coding.visibleApprovals(Date.now()).map((row) => this.approvalFrame(row))];
  }

  /** Re-targets open requests after a control change. */
  announceOpenApprovals(): void {
    for (const row of this.io.coding.visibleApprovals(Date.now())) if (row.outcome === null) this.io.broadcast(this.approvalFrame(row));
  }

  /** A Yes/No from a member: only the controller, only once, only before it expires. */
  decide(by: RoomMember, messageId: string, approved: boolean): DecideResult {
    const row = this.io.coding.approval(messageId);
    if (!row) return { ok: false, error: CODING_TEXTS.approvalNotFound };
    if (by.id !== this.io.controller()) return { ok: false, error: CODING_TEXTS.approvalNotYours };
    if (row.outcome !== null) return { ok: false, error: CODING_TEXTS.approvalDecided };
    const now = Date.now();
    if (row.expires_at <= now) {
      this.expire(now);
      return { ok: false, error: CODING_TEXTS.approvalDecided };
    }
    if (!this.io.coding.decide(messageId, approved ? "approved" : "rejected", { id: by.id, name: by.name }, now))
      return { ok: false, error: CODING_TEXTS.approvalDecided };
    this.announceApproval(messageId);
    return { ok: true, room: row.room };
  }

  /** Requests nobody answered in time become rejections; returns the rooms whose runs go on. */
  expire(now: number): string[] {
    const rooms: string[] = [];
    for (const row of this.io.coding.expiredApprovals(now)) {
      if (!this.io.coding.decide(row.id, "expired", null, now)) continue;
      this.announceApproval(row.id);
      rooms.push(row.room);
    }
    const next = this.io.coding.nextExpiry();
    if (next !== null) void this.io.alarmBy(next);
    return rooms;
  }

  /** Pause of a run that waits for an approval: the request is withdrawn and the run ends. */
  pauseWaiting(room: string, by: RoomMember | null): boolean {
    const cp = this.io.coding.load(room);
    if (!cp) return false;
    cp.paused = true;
    this.io.coding.save(cp);
    if (cp.awaiting && this.io.coding.decide(cp.awaiting, "rejected", by ? { id: by.id, name: by.name } : null, Date.now())) this.announceApproval(cp.awaiting);
    return true;
  }
}
