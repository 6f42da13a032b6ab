import { APPROVAL_TTL_MS, CODING_TEXTS } from "../../../contract";
import { changesWorkspace, needsApproval } from "../../agents/coding/policy";
import type { AgentTools } from "../../agents/agent-tools";
import { codingToolSpecs, CODING_TOOL_NAMES } from "../../agents/coding/tool-specs";
import { executeWorkspaceTool, isWorkspaceTool, type ToolOutcome } from "../../agents/coding/workspace-tools";
import { compactForModel } from "../../agents/coding/output";
import { resolveRoute, PROVIDER_SETTINGS_HINT } from "../../agents/models";
import { chatModel } from "../../agents/providers";
import { streamAnswer, type ToolCall } from "../../agents/stream";
import type { Env } from "../../env";
import { CodingBoard } from "./coding-board";
import { cardContent, shortArgs, toolResult } from "./coding-cards";
import type { Checkpoint } from "./coding-store";

/** How a run shows its work: the reply text, tool cards and alerts (AgentRuns implements it per run). */
export interface RunOutput {
  signal: AbortSignal;
  text(delta: string): void;
  /** Ends the current reply message, so what follows (a card, more text) comes after it. */
  closeText(): void;
  card(content: string): string;
  updateCard(id: string, content: string): void;
  alert(text: string): void;
}

export type DriveResult = "done" | "paused" | "suspended";

const DEFAULT_MAX_STEPS = 40;
const DEFAULT_MAX_RUN_MS = 20 * 60 * 1000;
const MAX_OUTPUT_CHARS = 2_000_000;
const DEFAULT_IDLE_TIMEOUT_MS = 60_000;
const RESULT_SHOWN = 300;

/** The tools a run offers. The todo list is the whole chat's (on its agent tab), so a private ask-only run cannot publish it. */
function toolsOf(cp: Checkpoint): AgentTools {
  const tools = codingToolSpecs(cp.mode);
  return cp.visibleTo === null ? tools : Object.fromEntries(Object.entries(tools).filter(([name]) => name !== "update_todos"));
}

function withinLimits(env: Env, cp: Checkpoint): string | null {
  const maxSteps = Number(env.CODING_MAX_STEPS) || DEFAULT_MAX_STEPS;
  if (cp.step >= maxSteps) return CODING_TEXTS.stepLimit.replace("{n}", String(maxSteps));
  if (cp.activeMs >= (Number(env.CODING_MAX_RUN_MS) || DEFAULT_MAX_RUN_MS)) return CODING_TEXTS.timeLimit;
  if (cp.outputChars >= MAX_OUTPUT_CHARS) return CODING_TEXTS.outputLimit;
  return null;
}

/**
 * The coding agent's loop, one step at a time: a model call, then each tool call it asked for, in
 * order, through the approval gate. The checkpoint is saved before and after every call, so the
 * loop can stop at any point (an approval to wait for, a restart) and go on later from storage.
 */
export class CodingRunner extends CodingBoard {
  has(room: string): boolean {
    return this.io.coding.load(room) !== null;
  }

  async drive(room: string, out: RunOutput): Promise<DriveResult> {
    for (;;) {
      const cp = this.io.coding.load(room);
      if (!cp) return "done";
      if (cp.paused || out.signal.aborted) {
        this.closeAwaitedCard(cp, out);
        return this.end(cp, "paused");
      }
      if (cp.awaiting) {
        const waiting = await this.settleApproval(cp, out);
        if (waiting) return "suspended";
        continue;
      }
      if (cp.inflight) {
        this.interruptInflight(cp, out);
        continue;
      }
      const call = cp.pending[0];
      if (call) {
        const suspended = await this.runCall(cp, call, out);
        if (suspended) return "suspended";
        continue;
      }
      const limit = withinLimits(this.io.env, cp);
      if (limit) {
        out.closeText();
        out.alert(limit);
        return this.end(cp, "done");
      }
      const ended = await this.modelStep(cp, out);
      if (ended) return ended;
    }
  }

  /** One model call; returns how the run ended, or null when it asked for tools. */
  private async modelStep(cp: Checkpoint, out: RunOutput): Promise<DriveResult | null> {
    const route = resolveRoute(this.io.env, cp.model ?? undefined);
    if (!route) {
      out.alert(PROVIDER_SETTINGS_HINT);
      return this.end(cp, "done");
    }
    const started = Date.now();
    const calls: ToolCall[] = [];
    let text = "";
    const outcome = await streamAnswer({
      model: chatModel(this.io.env, route),
      system: cp.system,
      messages: compactForModel(cp.messages),
      tools: toolsOf(cp),
      maxSteps: 1,
      signal: out.signal,
      idleTimeoutMs: Number(this.io.env.AGENT_IDLE_TIMEOUT_MS) || DEFAULT_IDLE_TIMEOUT_MS,
      onText: (delta) => {
        text += delta;
        out.text(delta);
      },
      onToolCall: (call) => calls.push(call),
    });
    cp.activeMs += Date.now() - started;
    if (outcome.status === "paused") return this.end(cp, "paused");
    if (outcome.status === "error") {
      out.closeText();
      out.alert(outcome.error);
      return this.end(cp, "done");
    }
    const content = [...(text ? [{ type: "text" as const, text }] : []), ...calls.map((c) => ({ type: "tool-call" as const, ...c }))];
    if (content.length) cp.messages.push({ role: "assistant", content });
    if (!calls.length) return this.end(cp, "done");
    cp.pending = calls;
    cp.step += 1;
    this.io.coding.save(cp);
    return null;
  }

  /** Executes (or asks about) the next call; true when the run now waits for an approval. */
  private async runCall(cp: Checkpoint, call: ToolCall, out: RunOutput): Promise<boolean> {
    out.closeText();
    const args = shortArgs(call.input);
    const known = CODING_TOOL_NAMES.has(call.toolName) && Object.hasOwn(toolsOf(cp), call.toolName);
    if (!known) {
      this.record(cp, call, `Error: there is no tool named ${call.toolName} here.`);
      return false;
    }
    if (call.toolName === "update_todos") {
      this.record(cp, call, this.updateTodos(call.input));
      return false;
    }
    const cardId =
      cp.cards[call.toolCallId] ?? out.card(cardContent({ tool: call.toolName, args, status: "running", result: null, durationMs: null, approvalId: null }));
    cp.cards[call.toolCallId] = cardId;
    if (needsApproval(call.toolName, cp.project.policy)) {
      this.ask(cp, call, args, cardId, out);
      return true;
    }
    await this.execute(cp, call, cardId, null, out);
    return false;
  }

  private ask(cp: Checkpoint, call: ToolCall, args: string, cardId: string, out: RunOutput): void {
    const now = Date.now();
    const id = `approval_${crypto.randomUUID()}`;
    const row = {
      id,
      room: cp.room,
      tool_call_id: call.toolCallId,
      tool: call.toolName,
      content: CODING_TEXTS.approvalPrompt.replace("{tool}", call.toolName).replace("{summary}", args),
      created_at: now,
      expires_at: now + APPROVAL_TTL_MS,
      initiator_user_id: cp.startedBy,
    };
    this.io.coding.addApproval(row);
    cp.awaiting = id;
    this.io.coding.save(cp);
    out.updateCard(cardId, cardContent({ tool: call.toolName, args, status: "awaiting_approval", result: null, durationMs: null, approvalId: id }));
    this.announceApproval(id);
    void this.io.alarmBy(row.expires_at);
  }

  /** The awaited request: null while undecided (keep waiting); else the call runs or is refused. */
  private async settleApproval(cp: Checkpoint, out: RunOutput): Promise<boolean> {
    const approval = cp.awaiting ? this.io.coding.approval(cp.awaiting) : null;
    if (approval && approval.outcome === null) return true;
    const call = cp.pending[0];
    cp.awaiting = null;
    if (!call) {
      this.io.coding.save(cp);
      return false;
    }
    const cardId =
      cp.cards[call.toolCallId] ??
      out.card(cardContent({ tool: call.toolName, args: shortArgs(call.input), status: "running", result: null, durationMs: null, approvalId: null }));
    if (approval?.outcome === "approved") {
      await this.execute(cp, call, cardId, approval.id, out);
      return false;
    }
    const refusal = approval?.outcome === "expired" ? CODING_TEXTS.approvalExpired : CODING_TEXTS.approvalRejected;
    const who = approval?.decided_by_name ? ` (${approval.decided_by_name})` : "";
    out.updateCard(
      cardId,
      cardContent({
        tool: call.toolName,
        args: shortArgs(call.input),
        status: "rejected",
        result: refusal + who,
        durationMs: null,
        approvalId: approval?.id ?? null,
      }),
    );
    this.record(cp, call, `The team did not approve this call${who}: ${refusal}`);
    return false;
  }

  /** A run paused while it waited for an answer: its card must not keep asking, the call never ran. */
  private closeAwaitedCard(cp: Checkpoint, out: RunOutput): void {
    const call = cp.pending[0];
    const cardId = call && cp.awaiting ? cp.cards[call.toolCallId] : undefined;
    if (!call || !cardId || !cp.awaiting) return;
    const approval = this.io.coding.approval(cp.awaiting);
    const who = approval?.decided_by_name ? ` (${approval.decided_by_name})` : "";
    const details = { tool: call.toolName, args: shortArgs(call.input), durationMs: null, approvalId: cp.awaiting };
    out.updateCard(cardId, cardContent({ ...details, status: "rejected", result: CODING_TEXTS.approvalRejected + who }));
  }

  private async execute(cp: Checkpoint, call: ToolCall, cardId: string, approvalId: string | null, out: RunOutput): Promise<void> {
    if (!isWorkspaceTool(call.toolName)) return this.record(cp, call, `Error: ${call.toolName} cannot run here.`);
    cp.inflight = call.toolCallId;
    this.io.coding.save(cp);
    const started = Date.now();
    const outcome: ToolOutcome = await executeWorkspaceTool(this.io.env, { id: cp.project.id, ownerId: cp.project.ownerId }, call.toolName, call.input);
    const durationMs = Date.now() - started;
    cp.activeMs += durationMs;
    cp.outputChars += outcome.output.length;
    cp.inflight = null;
    const result = outcome.summary.length > RESULT_SHOWN ? `${outcome.summary.slice(0, RESULT_SHOWN)}…` : outcome.summary;
    out.updateCard(
      cardId,
      cardContent({ tool: call.toolName, args: shortArgs(call.input), status: outcome.ok ? "done" : "failed", result, durationMs, approvalId }),
    );
    this.record(cp, call, outcome.output);
    if (outcome.changedPaths.length || outcome.git || changesWorkspace(call.toolName)) {
      this.io.broadcast({
        type: "workspace_changed",
        chatId: this.io.chatId(),
        projectId: cp.project.id,
        paths: outcome.changedPaths,
        git: outcome.git || outcome.changedPaths.length > 0,
      });
    }
    if (outcome.hostDown) {
      out.alert(CODING_TEXTS.sandboxDown);
      cp.paused = true;
      this.io.coding.save(cp);
    }
  }

  /** A call that was running when the room restarted: its effect is unknown, so it is reported, never repeated. */
  private interruptInflight(cp: Checkpoint, out: RunOutput): void {
    const call = cp.pending.find((c) => c.toolCallId === cp.inflight);
    cp.inflight = null;
    if (!call) return this.io.coding.save(cp);
    const cardId = cp.cards[call.toolCallId];
    const note = "Interrupted by a server restart; it may or may not have finished. Check before running it again.";
    if (cardId)
      out.updateCard(
        cardId,
        cardContent({ tool: call.toolName, args: shortArgs(call.input), status: "interrupted", result: note, durationMs: null, approvalId: null }),
      );
    this.record(cp, call, note);
  }

  /** The call's result joins the conversation and the call leaves the queue, in one save. */
  private record(cp: Checkpoint, call: ToolCall, output: string): void {
    cp.messages.push(toolResult(call, output));
    cp.pending = cp.pending.filter((c) => c.toolCallId !== call.toolCallId);
    this.io.coding.save(cp);
  }

  private end(cp: Checkpoint, result: "done" | "paused"): DriveResult {
    this.io.coding.drop(cp.room);
    return result;
  }
}
