import { STREAM_AGENT, type ChatStream } from "../../../contract";
import { vireOf, type AgentFrameContext } from "./agent-frames";
import { runRoomOf } from "./agent-runs";
import { canDriveAgent } from "./control";
import { forwardDiscuss } from "./discuss-forward";

/** Why the room will not start an agent run asked for over REST; routes map each to a status and text. */
export type AgentRequestRefusal = "request_not_found" | "no_agent" | "not_controller" | "busy" | "nothing_to_forward";

export type AgentRequestResult<T = object> = ({ ok: true } & T) | { ok: false; reason: AgentRequestRefusal };

/** What starting a run from REST needs beyond the agent context. */
export interface AgentRequestRoom {
  context: AgentFrameContext;
  scheduleMirror(): Promise<void>;
  waitUntil(work: Promise<unknown>): void;
}

/** Answers the request behind an agent reply again, as a new reply. */
export function regenerateReply(room: AgentRequestRoom, viewerId: string, replyId: string): AgentRequestResult {
  const { store, runs } = room.context;
  const reply = store.byIds([replyId], viewerId)[0];
  const request = reply?.reply_to_id ? store.byIds([reply.reply_to_id], viewerId)[0] : undefined;
  const member = store.member(viewerId);
  const vire = vireOf(room.context);
  if (!reply || !request || !member || !vire) return { ok: false, reason: "request_not_found" };
  if (request.chat_type === 1 && !canDriveAgent(room.context, viewerId)) return { ok: false, reason: "not_controller" };
  if (request.chat_type === 2 && request.visible_to !== viewerId) return { ok: false, reason: "request_not_found" };
  if (runs.isBusy(runRoomOf(room.context.chatId(), request.chat_type as ChatStream, viewerId))) return { ok: false, reason: "busy" };
  room.waitUntil(runs.start(request, member, vire, { mode: request.chat_type === STREAM_AGENT ? "coding" : "ask", model: undefined }));
  return { ok: true };
}

/** The controller hands the discussion to the agent: one merged request, answered like any other. */
export async function forwardDiscussion(
  room: AgentRequestRoom,
  viewerId: string,
  messageIds: string[] | null,
): Promise<AgentRequestResult<{ messageId: string }>> {
  const { store, runs } = room.context;
  const member = store.member(viewerId);
  const vire = vireOf(room.context);
  if (!member || !vire) return { ok: false, reason: "no_agent" };
  if (!canDriveAgent(room.context, viewerId)) return { ok: false, reason: "not_controller" };
  if (runs.isBusy(room.context.chatId())) return { ok: false, reason: "busy" };
  const row = forwardDiscuss(store, room.context.chatId(), member, messageIds, Date.now());
  if (!row) return { ok: false, reason: "nothing_to_forward" };
  room.context.publish(row);
  await room.scheduleMirror();
  room.waitUntil(runs.start(row, member, vire, { mode: "coding", model: undefined }));
  return { ok: true, messageId: row.id };
}
