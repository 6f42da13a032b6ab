import { DurableObject } from "cloudflare:workers";
import { CLOSE_DISSOLVED, CLOSE_REMOVED, MESSAGE_PAGE_SIZE, PING_TEXT, PONG_TEXT, encodeFrame, type AgentRunStatus, type ChatMessage, type LikeState, type MessagesPage, type PresenterRequest, type ReactionSummary, type RequestOutcome, type ServerFrame } from "../../../contract";
import { AgentRuns } from "./agent-runs";
import { vireOf, type AgentFrameContext } from "./agent-frames";
import { FRAME_FAILED, handleClientFrame, replayTo, type FrameRoom } from "./client-frames";
import { Control, canDriveAgent, controlStateFor } from "./control";
import { ControlStore, toPresenterRequest } from "./control-store";
import { NEED_PRESENTER, forwardDiscuss, unnotifiedDiscuss } from "./discuss-forward";
import type { Env } from "../../env";
import { hydrate, toChatMessage } from "./mapping";
import { flushMirror } from "./outbox";
import { identityOf, sendFrame, type SocketIdentity } from "./sockets";
import { closeQuietly, echoClose } from "../close-socket";
import { RoomStore, type MessageRow } from "./store";
import { USER_ID_HEADER, USER_IMAGE_HEADER, USER_NAME_HEADER, type AppendRequest, type HistoryQuery, type RoomMember, type RoomMeta } from "./types";
import { MIRROR_DELAY_MS } from "./mirror";
import { boundedIdentity } from "./identity";
import { notifyUsers } from "../stubs";
import { SESSION_CHECK_MS, SESSION_HEADER, closeEndedSessions, closeSessionSockets, sessionTag } from "../session-sockets";

/** When the room next asks D1 whether its sockets' sessions still live. */
const SESSION_CHECK_META = "sessionCheckAt";

/**
 * One per chat, the single writer of its messages: it numbers each message (seq), stores it in its
 * SQLite, acks the sender and broadcasts to every member socket. Sockets hibernate; who is on each
 * socket travels in its attachment, so nothing in memory is a source of truth.
 */
export class ChatRoom extends DurableObject<Env> {
  private readonly store: RoomStore;
  private readonly control: ControlStore;
  private readonly runs: AgentRuns;
  private readonly frameRoom: FrameRoom;
  /** When the alarm is set, as a hint to skip a storage read: undefined after waking up means "ask storage". */
  private alarmAt: number | null | undefined = undefined;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Pings are answered by the platform, without waking the room or spending a frame of the budget.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING_TEXT, PONG_TEXT));
    this.store = new RoomStore(ctx.storage.sql);
    this.control = new ControlStore(ctx.storage.sql, this.store);
    this.runs = new AgentRuns({
      store: this.store,
      env,
      chatId: () => this.chatId,
      chatName: () => this.store.getMeta("name") ?? "",
      broadcast: (frame, onlyUser) => this.broadcast(frame, onlyUser),
      publish: (row) => this.publish(row),
      scheduleMirror: () => this.scheduleMirror(),
    });
    this.frameRoom = {
      store: this.store,
      runs: this.runs,
      chatId: () => this.chatId,
      context: (ws) => this.agentContext(ws),
      publish: (row) => this.publish(row),
      scheduleMirror: () => this.scheduleMirror(),
      waitUntil: (work) => ctx.waitUntil(work),
    };
    // A fresh instance has no runs in memory: any reply still marked streaming was cut off.
    if (this.runs.closeOrphans()) void ctx.blockConcurrencyWhile(() => this.scheduleMirror());
  }

  private get chatId(): string {
    return this.store.getMeta("chatId") ?? "";
  }

  private ownerId(): string {
    return this.store.getMeta("ownerId") ?? "";
  }

  /** Everything the agent and control handlers need, answering on one socket. */
  private agentContext(ws?: WebSocket): AgentFrameContext {
    return {
      store: this.store,
      control: this.control,
      runs: this.runs,
      chatId: () => this.chatId,
      ownerId: () => this.ownerId(),
      sendControlState: () => this.sendControlState(),
      broadcast: (frame, onlyUser) => this.broadcast(frame, onlyUser),
      publish: (row) => this.publish(row),
      reply: (frame) => ws && sendFrame(ws, frame),
      chatName: () => this.store.getMeta("name") ?? "",
      // Not awaited: a slow inbox must not hold up the room; failures are logged by notifyUsers.
      notifyOwner: (frame) => this.ctx.waitUntil(notifyUsers(this.env, [this.ownerId()], frame)),
    };
  }

  // ---- RPC from the Worker (already authorised there) ----

  /** Replaces the member list; removed members' sockets are told why and closed at once. */
  async setMembers(meta: RoomMeta, members: RoomMember[], reason: "removed" | "left" = "removed"): Promise<{ added: string[]; removed: string[] }> {
    this.store.setMeta("chatId", meta.chatId);
    this.store.setMeta("orgId", meta.orgId);
    if (meta.ownerId) this.store.setMeta("ownerId", meta.ownerId);
    if (meta.name !== undefined) this.store.setMeta("name", meta.name);
    const before = new Set(this.store.members().map((m) => m.id));
    const after = new Set(members.map((m) => m.id));
    const added = [...after].filter((id) => !before.has(id));
    const removed = [...before].filter((id) => !after.has(id));
    this.store.replaceMembers(members);
    const chatId = this.chatId;
    for (const id of removed) {
      for (const ws of this.ctx.getWebSockets(id)) {
        sendFrame(ws, { type: "group_remove", chatId, reason });
        closeQuietly(ws, CLOSE_REMOVED, reason);
      }
    }
    if (removed.length) new Control(this.agentContext()).membersChanged();
    if (added.length) this.broadcast({ type: "member_add", chatId, participantIds: added });
    if (removed.length) this.broadcast({ type: "member_remove", chatId, participantIds: removed });
    return { added, removed };
  }

  async history(viewerId: string, query: HistoryQuery): Promise<MessagesPage> {
    const before = query.before ?? Number.MAX_SAFE_INTEGER;
    const { rows, hasMore } = this.store.page(viewerId, query.chatType, before, query.limit || MESSAGE_PAGE_SIZE);
    return { messages: hydrate(this.store, this.chatId, rows, viewerId), pagination: { hasMore, nextCursor: hasMore && rows[0] ? String(rows[0].seq) : null } };
  }

  async messagesFor(viewerId: string, ids: string[]): Promise<ChatMessage[]> {
    return hydrate(this.store, this.chatId, this.store.byIds(ids, viewerId), viewerId);
  }

  /** Stores a message on someone's behalf (forwarding). Idempotent by id, like socket sends. */
  async append(req: AppendRequest): Promise<ChatMessage> {
    const existing = this.store.byId(req.id);
    if (existing) return toChatMessage(this.chatId, existing);
    const row = this.store.insert({
      id: req.id,
      chatType: req.chatType,
      visibleTo: null,
      sender: req.sender,
      messageType: req.messageType,
      content: req.content,
      attachments: "[]",
      replyToId: null,
      createdAt: Date.now(),
    });
    this.publish(row);
    await this.scheduleMirror();
    return toChatMessage(this.chatId, row);
  }

  async toggleReaction(viewer: { id: string; name: string }, messageId: string, emoji: string): Promise<{ outcome: string; reactions: ReactionSummary[] } | null> {
    if (this.store.byIds([messageId], viewer.id).length === 0) return null;
    const outcome = this.store.toggleReaction(messageId, viewer.id, viewer.name, emoji, Date.now());
    const reactions = this.store.reactions([messageId]).get(messageId) ?? [];
    this.broadcast({ type: "reactions", message_id: messageId, reactions }, this.audienceOf(messageId));
    return { outcome, reactions };
  }

  async reactionsOf(viewerId: string, messageId: string): Promise<ReactionSummary[] | null> {
    if (this.store.byIds([messageId], viewerId).length === 0) return null;
    return this.store.reactions([messageId]).get(messageId) ?? [];
  }

  async rate(viewerId: string, messageId: string, value: 1 | -1, reason: string | null, detail: string | null): Promise<LikeState | null> {
    if (this.store.byIds([messageId], viewerId).length === 0) return null;
    this.store.rate(messageId, viewerId, value, reason, detail);
    const state = this.store.likes([messageId], viewerId).get(messageId) ?? { likes: 0, dislikes: 0, mine: 0 };
    this.broadcast({ type: "likes", message_id: messageId, likes: { likes: state.likes, dislikes: state.dislikes } }, this.audienceOf(messageId));
    return { likes: state.likes, dislikes: state.dislikes, userLiked: state.mine === 1, userDisliked: state.mine === -1 };
  }

  async renamed(name: string): Promise<void> {
    this.store.setMeta("name", name);
    this.broadcast({ type: "chat_renamed", chatId: this.chatId, name });
  }

  /** The group is gone: everyone is told, every socket closed, and the room's storage erased. */
  async dissolve(): Promise<void> {
    const chatId = this.chatId;
    for (const ws of this.ctx.getWebSockets()) {
      sendFrame(ws, { type: "group_remove", chatId, reason: "dissolved" });
      closeQuietly(ws, CLOSE_DISSOLVED, "dissolved");
    }
    await this.ctx.storage.deleteAlarm();
    this.alarmAt = null;
    await this.ctx.storage.deleteAll();
    this.store.reset();
    this.control.reset();
  }

  // ---- Agent and control RPC (the Worker checked chat membership) ----

  /** Who owns the chat and who presents now: the coding workspace's permissions depend on it. */
  async controlHolders(): Promise<{ ownerId: string; presenterId: string | null }> {
    return { ownerId: this.ownerId(), presenterId: this.control.presenter()?.id ?? null };
  }

  async agentStatus(room: string): Promise<AgentRunStatus> {
    return this.runs.isBusy(room) ? "busy" : "idle";
  }

  async presenterRequests(viewerId: string): Promise<PresenterRequest[] | null> {
    if (viewerId !== this.ownerId()) return null;
    return this.control.pending().map((r) => toPresenterRequest(r, this.chatId, this.ownerId()));
  }

  /** The card's Approve/Reject over REST; null when allowed, else the refusal text. */
  async decidePresenterRequest(viewerId: string, requestId: string, decision: "approve" | "reject"): Promise<string | null> {
    const member = this.store.member(viewerId);
    if (!member) return "You are not a member of this chat";
    const result = new Control(this.agentContext()).decide(member, requestId, decision);
    return result.ok ? null : result.error;
  }

  async requestStatuses(ids: string[]): Promise<Record<string, RequestOutcome>> {
    return Object.fromEntries(this.control.statuses(ids));
  }

  /** Answers the request behind an agent reply again, as a new reply. */
  async regenerate(viewerId: string, replyId: string): Promise<{ ok: true } | { ok: false; status: 403 | 404 | 409; error: string }> {
    const reply = this.store.byIds([replyId], viewerId)[0];
    const request = reply?.reply_to_id ? this.store.byIds([reply.reply_to_id], viewerId)[0] : undefined;
    const member = this.store.member(viewerId);
    const vire = vireOf(this.agentContext());
    if (!reply || !request || !member || !vire) return { ok: false, status: 404, error: "Cannot find the original message that triggered this response." };
    if (request.chat_type === 1 && !canDriveAgent(this.agentContext(), viewerId)) return { ok: false, status: 403, error: "Only the controller can do this" };
    if (request.chat_type === 2 && request.visible_to !== viewerId) return { ok: false, status: 404, error: "Cannot find the original message that triggered this response." };
    const room = request.chat_type === 2 ? `${this.chatId}_${viewerId}` : this.chatId;
    if (this.runs.isBusy(room)) return { ok: false, status: 409, error: "The agent is currently busy, please try again later" };
    this.ctx.waitUntil(this.runs.start(request, member, vire, { mode: request.chat_type === 2 ? "ask" : "coding", model: undefined }));
    return { ok: true };
  }

  async unnotifiedDiscuss(viewerId: string, limit: number): Promise<ChatMessage[]> {
    return unnotifiedDiscuss(this.store, this.chatId, viewerId, limit);
  }

  /** The controller hands the discussion to the agent: one merged request, answered like any other. */
  async forwardDiscussToAgent(viewerId: string, messageIds: string[] | null): Promise<{ ok: true; messageId: string } | { ok: false; status: 403 | 404 | 409; error: string }> {
    const member = this.store.member(viewerId);
    const vire = vireOf(this.agentContext());
    if (!member || !vire) return { ok: false, status: 404, error: "This chat has no virtual employee to answer" };
    if (!canDriveAgent(this.agentContext(), viewerId)) return { ok: false, status: 403, error: NEED_PRESENTER };
    if (this.runs.isBusy(this.chatId)) return { ok: false, status: 409, error: "The agent is currently busy, please try again later" };
    const row = forwardDiscuss(this.store, this.chatId, member, messageIds, Date.now());
    if (!row) return { ok: false, status: 404, error: "No new discussion messages to forward" };
    this.publish(row);
    await this.scheduleMirror();
    this.ctx.waitUntil(this.runs.start(row, member, vire, { mode: "coding", model: undefined }));
    return { ok: true, messageId: row.id };
  }

  async messageContent(viewerId: string, messageId: string): Promise<string | null> {
    return this.store.byIds([messageId], viewerId)[0]?.content ?? null;
  }

  private sendControlState(): void {
    const ctx = this.agentContext();
    for (const ws of this.ctx.getWebSockets()) {
      const identity = identityOf(ws);
      if (identity) sendFrame(ws, { type: "control_state", control: controlStateFor(ctx, identity.userId) });
    }
  }

  // ---- WebSockets ----

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a WebSocket upgrade", { status: 426 });
    const userId = request.headers.get(USER_ID_HEADER);
    const member = userId ? this.store.member(userId) : null;
    // The Worker checked D1 membership before forwarding; an unknown member means this room's copy
    // of the member list is behind (a seeded chat, a lost sync). 409 asks the Worker to sync and retry.
    if (!member) return new Response("Member list out of date", { status: 409 });
    const identity: SocketIdentity = boundedIdentity({
      userId: member.id,
      name: decodeURIComponent(request.headers.get(USER_NAME_HEADER) ?? member.name),
      image: request.headers.get(USER_IMAGE_HEADER) || member.image,
    });
    const pair = new WebSocketPair();
    const server = pair[1];
    const sessionId = request.headers.get(SESSION_HEADER);
    this.ctx.acceptWebSocket(server, sessionId ? [member.id, sessionTag(sessionId)] : [member.id]);
    server.serializeAttachment(identity);

    const headSeq = this.store.headSeq();
    const control = controlStateFor(this.agentContext(), member.id);
    sendFrame(server, { type: "ready", chatId: this.chatId, headSeq, agentRuns: this.runs.visibleTo(member.id), control });
    const lastSeq = new URL(request.url).searchParams.get("lastSeq");
    if (lastSeq !== null && /^\d{1,15}$/.test(lastSeq)) replayTo(this.frameRoom, server, member.id, Number(lastSeq));
    await this.alarmBy(Date.now() + SESSION_CHECK_MS);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /** Every frame is handled inside this guard: an unexpected failure answers an error frame instead of breaking the room. */
  override async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    try {
      await handleClientFrame(this.frameRoom, ws, data);
    } catch (error) {
      console.error("chat room: handling a frame failed", error);
      sendFrame(ws, { type: "error", error: FRAME_FAILED });
    }
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    echoClose(ws, code, reason);
  }

  /** Sign-out: this session's sockets close at once. */
  async closeSession(sessionId: string): Promise<number> {
    return closeSessionSockets(this.ctx, sessionId);
  }

  /** Sessions were revoked: sockets whose session is gone close now. */
  async checkSessions(): Promise<void> {
    await closeEndedSessions(this.ctx, this.env.DB);
  }

  /** One alarm for two jobs: the D1 mirror (soon after a message) and the session check (each minute with sockets open). */
  override async alarm(): Promise<void> {
    this.alarmAt = null;
    const more = await flushMirror(this.store, this.env.JOBS, this.chatId, this.store.getMeta("orgId") ?? "");
    if (more) await this.alarmBy(Date.now() + MIRROR_DELAY_MS);
    const now = Date.now();
    if (now >= Number(this.store.getMeta(SESSION_CHECK_META) ?? 0)) {
      this.store.setMeta(SESSION_CHECK_META, String(now + SESSION_CHECK_MS));
      await closeEndedSessions(this.ctx, this.env.DB, now);
    }
    if (this.ctx.getWebSockets().length > 0) await this.alarmBy(Number(this.store.getMeta(SESSION_CHECK_META)));
  }

  // ---- internals ----

  /** Ask-only messages reach only their owner's sockets; everything else every member's. */
  private publish(row: MessageRow): void {
    // The live frame carries the same quoted preview as history, so a reply reads right at once.
    const reply = row.reply_to_id ? this.store.byId(row.reply_to_id) : null;
    const frame: ServerFrame = { type: "message", message: toChatMessage(this.chatId, row, { reply }) };
    this.broadcast(frame, row.visible_to ?? undefined);
  }

  /** Who may hear about a message: its owner for ask-only messages, everyone otherwise. */
  private audienceOf(messageId: string): string | undefined {
    return this.store.byId(messageId)?.visible_to ?? undefined;
  }

  private broadcast(frame: ServerFrame, onlyUser?: string): void {
    const data = encodeFrame(frame);
    for (const ws of this.ctx.getWebSockets(onlyUser)) {
      try {
        ws.send(data);
      } catch {
        // closing socket; its client replays on reconnect
      }
    }
  }

  private scheduleMirror(): Promise<void> {
    return this.alarmBy(Date.now() + MIRROR_DELAY_MS);
  }

  /** Makes sure the alarm rings by `at`; an earlier alarm already set stands. */
  private async alarmBy(at: number): Promise<void> {
    if (this.alarmAt === undefined) this.alarmAt = await this.ctx.storage.getAlarm();
    if (this.alarmAt !== null && this.alarmAt <= at) return;
    await this.ctx.storage.setAlarm(at);
    this.alarmAt = at;
  }
}
