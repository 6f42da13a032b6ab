import { ROOM_BATCH_QUERY } from "../../../contract";
import type { AgentFrameContext } from "./agent-frames";
import { replayTo, type FrameRoom } from "./client-frames";
import { controlStateFor } from "./control";
import { boundedIdentity } from "./identity";
import type { Fanout } from "./fanout";
import { sendFrame, type SocketIdentity } from "./sockets";
import { USER_ID_HEADER, USER_IMAGE_HEADER, USER_NAME_HEADER } from "./types";
import { SESSION_CHECK_MS, SESSION_HEADER, sessionTag } from "../session-sockets";

/** What accepting a member's socket needs of its room. */
export interface ConnectRoom {
  state: DurableObjectState;
  sockets: Fanout;
  frames: FrameRoom;
  context(): AgentFrameContext;
  alarmBy(at: number): Promise<void>;
}

/**
 * A member's socket, forwarded by the Worker after it checked the session and D1 membership: it
 * is accepted for hibernation, greeted with `ready` (and the gap since `lastSeq` replayed), and the
 * session check is scheduled.
 */
export async function acceptMember(room: ConnectRoom, request: Request): Promise<Response> {
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a WebSocket upgrade", { status: 426 });
  const { store, runs } = room.frames;
  const userId = request.headers.get(USER_ID_HEADER);
  const member = userId ? store.member(userId) : null;
  // An unknown member means this room's copy of the member list is behind (a seeded chat, a lost
  // sync). 409 asks the Worker to sync and retry.
  if (!member) return new Response("Member list out of date", { status: 409 });
  const url = new URL(request.url);
  const identity: SocketIdentity = boundedIdentity({
    userId: member.id,
    name: decodeURIComponent(request.headers.get(USER_NAME_HEADER) ?? member.name),
    image: request.headers.get(USER_IMAGE_HEADER) || member.image,
    batch: url.searchParams.get("frames") === ROOM_BATCH_QUERY.frames,
  });
  const pair = new WebSocketPair();
  const server = pair[1];
  const sessionId = request.headers.get(SESSION_HEADER);
  room.state.acceptWebSocket(server, [member.id, ...(sessionId ? [sessionTag(sessionId)] : [])]);
  // Before the fan-out lists its sockets again: it tells batching sockets by their attachment.
  server.serializeAttachment(identity);
  room.sockets.changed();

  const context = room.context();
  const control = controlStateFor(context, member.id);
  sendFrame(server, { type: "ready", chatId: room.frames.chatId(), headSeq: store.headSeq(), agentRuns: runs.visibleTo(member.id), control });
  // The coding agent's todo list and open approval requests: a late joiner sees them at once.
  for (const frame of context.coding.stateFrames()) sendFrame(server, frame);
  const lastSeq = url.searchParams.get("lastSeq");
  if (lastSeq !== null && /^\d{1,15}$/.test(lastSeq)) replayTo(room.frames, server, member.id, Number(lastSeq));
  await room.alarmBy(Date.now() + SESSION_CHECK_MS);
  return new Response(null, { status: 101, webSocket: pair[0] });
}
