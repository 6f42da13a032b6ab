import {
  AGENT_TEXTS,
  DEFAULT_MODEL,
  STREAM_AGENT,
  STREAM_ASK,
  agentRoomOf,
  discussRoomOf,
  type ChatMessageFrame,
  type ClientFrame,
  type ServerFrame,
} from "../../../contract";
import type { AgentRuns, RunConfig } from "./agent-runs";
import type { CodingRunner } from "./coding-runs";
import { Control, DECISION_REFUSAL_TEXT, canDriveAgent, driveRefusal, type ControlIo } from "./control";
import type { RoomMember } from "./types";

type AgentFrame = Exclude<ClientFrame, { type: "chat_message" | "resume" | "ping" }>;

export interface AgentFrameContext extends ControlIo {
  runs: AgentRuns;
  coding: CodingRunner;
  reply(frame: ServerFrame): void;
  waitUntil(work: Promise<unknown>): void;
}

/** The chat's virtual employee, if it has one: only those chats have an agent to ask. */
export function vireOf(ctx: Pick<ControlIo, "store">): RoomMember | null {
  return ctx.store.members().find((m) => m.type === "virtual_employee") ?? null;
}

/** A chat_message that asks the agent: a request in the agent or ask-only stream of a chat with a VIRE. */
export function isAgentRequest(ctx: Pick<ControlIo, "store">, frame: ChatMessageFrame): boolean {
  return (frame.chat_type === STREAM_AGENT || frame.chat_type === STREAM_ASK) && frame.message_type !== "chat" && vireOf(ctx) !== null;
}

/**
 * Why this sender may not post this message now, or null. Checked before it is stored. The agent
 * stream is the controller's whatever the message type and even before the chat has a VIRE: what is
 * stored there is what a VIRE added later reads.
 */
export function agentGate(ctx: AgentFrameContext, sender: RoomMember, frame: ChatMessageFrame, asksAgent: boolean): string | null {
  if (frame.chat_type === STREAM_AGENT && !canDriveAgent(ctx, sender.id)) return driveRefusal(ctx, sender.id);
  if (asksAgent && ctx.runs.isBusy(agentRoomOf(ctx.chatId(), frame.chat_type, sender.id))) return AGENT_TEXTS.busy;
  return null;
}

export function runConfigOf(frame: ChatMessageFrame): RunConfig {
  const config = frame.data.context_info?.agent_config;
  return { mode: config?.execution_mode ?? (frame.chat_type === STREAM_ASK ? "ask" : "coding"), model: config?.preferred_llm_model ?? DEFAULT_MODEL };
}

/** Pause and the presenter frames (docs/agent-api.md). */
export function handleAgentFrame(ctx: AgentFrameContext, sender: RoomMember, frame: AgentFrame): void {
  const control = new Control(ctx);
  switch (frame.type) {
    case "pause_sse_v2": {
      const chatId = ctx.chatId();
      const discuss = frame.room === discussRoomOf(chatId);
      // A discussion answer may be stopped by whoever asked for it, like their own ask-only one.
      const own = frame.room === agentRoomOf(chatId, STREAM_ASK, sender.id) || (discuss && ctx.runs.startedBy(frame.room) === sender.id);
      const allowed = own || ((frame.room === chatId || discuss) && canDriveAgent(ctx, sender.id));
      if (!allowed) return ctx.reply({ type: "sse_paused", room: frame.room, success: false, message_id: null, error: driveRefusal(ctx, sender.id) });
      // The run itself announces sse_paused to its audience once the model call has stopped.
      if (!ctx.runs.pause(frame.room, sender)) ctx.reply({ type: "sse_paused", room: frame.room, success: true, message_id: null });
      return;
    }
    case "request_presenter": {
      const result = control.request(sender, frame.message);
      return ctx.reply(
        result.ok ? { type: "request_success", requestId: result.requestId, message: AGENT_TEXTS.requestSent } : { type: "request_error", error: result.error },
      );
    }
    case "approval_decision": {
      const decided = ctx.coding.decide(sender, frame.messageId, frame.approved);
      if (!decided.ok) return ctx.reply({ type: "error", error: decided.error });
      ctx.waitUntil(ctx.runs.resume(decided.room));
      return;
    }
    case "handle_presenter_request": {
      const result = control.decide(sender, frame.requestId, frame.decision);
      if (!result.ok) ctx.reply({ type: "handle_request_error", error: DECISION_REFUSAL_TEXT[result.reason] });
      return;
    }
    case "set_controller": {
      const result = control.assign(sender, ctx.store.member(frame.presenter), frame.action);
      return ctx.reply(
        result.ok
          ? { type: "assign_success", message: frame.action === "approve" ? "Control granted" : "Control revoked" }
          : { type: "assign_error", error: result.error },
      );
    }
    case "transfer_presenter": {
      const result = control.transfer(sender, ctx.store.member(frame.targetPresenter));
      return ctx.reply(result.ok ? { type: "transfer_success", message: AGENT_TEXTS.requestSent } : { type: "transfer_error", error: result.error });
    }
    case "release_presenter": {
      const result = control.release(sender);
      return ctx.reply(result.ok ? { type: "release_success", message: "Control released" } : { type: "release_error", error: result.error });
    }
  }
}
