import * as v from "valibot";
import { CLOSE_REMOVED, ChatMessageFrame, ClientFrame, MAX_FRAME_CHARS, REPLAY_LIMIT } from "../../../contract";
import { spendFrame } from "../frame-budget";
import { closeQuietly } from "../close-socket";
import { agentGate, handleAgentFrame, isAgentRequest, runConfigOf, vireOf, type AgentFrameContext } from "./agent-frames";
import type { AgentRuns, RunConfig } from "./agent-runs";
import { hydrate } from "./mapping";
import { ackFor, storeChatMessage } from "./send";
import { identityOf, sendFrame } from "./sockets";
import type { MessageRow, RoomStore } from "./store";
import type { RoomMember } from "./types";

/** What handling one client frame needs of its room. */
export interface FrameRoom {
  store: RoomStore;
  runs: AgentRuns;
  chatId(): string;
  /** The agent and control handlers' context; with `ws`, its `reply` answers on that socket (built per frame). */
  context(ws?: WebSocket): AgentFrameContext;
  publish(row: MessageRow): void;
  scheduleMirror(): Promise<void>;
  waitUntil(work: Promise<unknown>): void;
  /** A member's message was stored and broadcast: mentions are looked at off the send's path. */
  afterMemberMessage(row: MessageRow, sender: RoomMember, config: RunConfig): void;
}

/** The text of the error frame a socket gets when handling its frame failed unexpectedly. */
export const FRAME_FAILED = "Something went wrong handling that frame; please try again";

/** Budget, size, JSON and schema checks, then one handler per frame type. */
export async function handleClientFrame(room: FrameRoom, ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
  if (!spendFrame(ws, typeof data === "string" ? data.length : data.byteLength)) return;
  const identity = identityOf(ws);
  if (!identity) return closeQuietly(ws, 1011, "lost identity");
  if (typeof data !== "string" || data.length > MAX_FRAME_CHARS) return sendFrame(ws, { type: "error", error: "Frame too large or not text" });
  let input: unknown;
  try {
    input = JSON.parse(data);
  } catch {
    return sendFrame(ws, { type: "error", error: "Malformed JSON frame" });
  }
  const parsed = v.safeParse(isChatMessage(input) ? ChatMessageFrame : ClientFrame, input);
  if (!parsed.success) return sendFrame(ws, { type: "error", error: parsed.issues[0]?.message ?? "Invalid frame" });
  const frame = parsed.output;
  // A ping spelt exactly as PING_TEXT never gets here: the platform answers it.
  if (frame.type === "ping") return sendFrame(ws, { type: "pong" });
  if (frame.type === "resume") return replayTo(room, ws, identity.userId, frame.lastSeq);

  const member = room.store.member(identity.userId);
  if (!member) {
    sendFrame(ws, { type: "group_remove", chatId: room.chatId(), reason: "removed" });
    return closeQuietly(ws, CLOSE_REMOVED, "removed");
  }
  const sender = { ...member, name: identity.name, image: identity.image };
  if (frame.type !== "chat_message") return handleAgentFrame(room.context(ws), sender, frame);
  // A message is answered by its ack alone: the room's shared context serves its checks.
  const ctx = room.context();
  const now = Date.now();
  const asksAgent = isAgentRequest(ctx, frame);
  // A retry of a request already stored is acked again, not re-checked (it may be running now), and
  // is not stored twice: storeChatMessage answers a refused or taken id as a retry when it is one.
  const outcome = storeChatMessage(room.store, room.chatId(), sender, frame, now, agentGate(ctx, sender, frame, asksAgent));
  sendFrame(ws, ackFor(frame.message_id, outcome, now));
  if (outcome.kind !== "stored") return;
  room.publish(outcome.row);
  await room.scheduleMirror();
  const config = runConfigOf(frame);
  if (asksAgent) room.waitUntil(room.runs.start(outcome.row, sender, vireOf(ctx), config));
  room.afterMemberMessage(outcome.row, sender, config);
}

/**
 * Most frames are messages: they go straight to their own schema, which gives the same output and
 * issues as the variant of all frames. The variant builds (and esbuild names) a closure on every
 * parse, which a busy room's CPU profile showed at about 1% of its time.
 */
function isChatMessage(input: unknown): boolean {
  return typeof input === "object" && input !== null && (input as { type?: unknown }).type === "chat_message";
}

/** Sends what came after `afterSeq` (at most REPLAY_LIMIT messages), then `replay_done`. */
export function replayTo(room: Pick<FrameRoom, "store" | "chatId">, ws: WebSocket, userId: string, afterSeq: number): void {
  const rows = room.store.since(userId, afterSeq, REPLAY_LIMIT);
  for (const message of hydrate(room.store, room.chatId(), rows, userId)) sendFrame(ws, { type: "message", message });
  sendFrame(ws, { type: "replay_done", headSeq: room.store.headSeq() });
}
