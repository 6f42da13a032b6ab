import { DurableObject } from "cloudflare:workers";
import {
  CLOSE_DISSOLVED,
  MESSAGE_PAGE_SIZE,
  PING_TEXT,
  PONG_TEXT,
  type AgentRunStatus,
  type ChatMessage,
  type LikeState,
  type MessagesPage,
  type PresenterRequest,
  type ReactionSummary,
  type RequestOutcome,
  type ServerFrame,
} from "../../../contract";
import { AgentRuns } from "./agent-runs";
import { CodingRunner } from "./coding-runs";
import { CodingStore } from "./coding-store";
import type { AgentFrameContext } from "./agent-frames";
import { FRAME_FAILED, handleClientFrame, type FrameRoom } from "./client-frames";
import { acceptMember } from "./connect";
import { replaceMembers } from "./members";
import { rate, toggleReaction, type RatingRoom } from "./ratings";
import { Control, controlStateFor, type DecisionResult } from "./control";
import { ControlStore, toPresenterRequest } from "./control-store";
import { unnotifiedDiscuss } from "./discuss-forward";
import { forwardDiscussion, regenerateReply, type AgentRequestResult, type AgentRequestRoom } from "./agent-requests";
import type { Env } from "../../env";
import { hydrate, toChatMessage } from "./mapping";
import { MirrorTimer, flushMirror } from "./outbox";
import { Fanout } from "./fanout";
import { identityOf, sendFrame } from "./sockets";
import { closeQuietly, echoClose } from "../close-socket";
import { RoomStore, type MessageRow } from "./store";
import type { AppendRequest, HistoryQuery, RoomMember, RoomMeta } from "./types";
import { MIRROR_BATCH, MIRROR_DELAY_MS, toMirrorItem, type MirrorItem } from "./mirror";
import { afterMemberMessage } from "./mentions";
import { notifyUsers } from "../stubs";
import { PresenterNotices } from "../../notifications";
import { SESSION_CHECK_MS, closeEndedSessions, closeSessionSockets } from "../session-sockets";

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
  private readonly coding: CodingRunner;
  private readonly frameRoom: FrameRoom;
  private readonly notices: PresenterNotices;
  private readonly sockets: Fanout;
  private readonly mirror: MirrorTimer;
  /** When the alarm is set, as a hint to skip a storage read: undefined after waking up means "ask storage". */
  private alarmAt: number | null | undefined = undefined;
  private alarmQueue: Promise<void> = Promise.resolve();
  private roomContext: AgentFrameContext | undefined;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Pings are answered by the platform, without waking the room or spending a frame of the budget.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING_TEXT, PONG_TEXT));
    this.store = new RoomStore(ctx.storage.sql);
    this.sockets = new Fanout(ctx);
    this.mirror = new MirrorTimer({
      flush: () => flushMirror(this.store, env.JOBS, this.chatId, this.store.getMeta("orgId") ?? ""),
      alarmBy: (at) => this.alarmBy(at),
      waitUntil: (work) => ctx.waitUntil(work),
    });
    this.control = new ControlStore(ctx.storage.sql, this.store);
    this.notices = new PresenterNotices(env, (work) => ctx.waitUntil(work));
    const codingStore = new CodingStore(ctx.storage.sql);
    this.coding = new CodingRunner({
      env,
      coding: codingStore,
      chatId: () => this.chatId,
      controller: () => this.control.presenter()?.id ?? this.ownerId(),
      member: (id) => this.store.member(id),
      broadcast: (frame, onlyUser) => this.broadcast(frame, onlyUser),
      alarmBy: (at) => this.alarmBy(at),
    });
    this.runs = new AgentRuns({
      coding: this.coding,
      codingStore,
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
      afterMemberMessage: (row, sender, config) => afterMemberMessage({ env: this.env, context: this.agentContext() }, row, sender, config),
    };
    // A fresh instance has no runs in memory: any reply still marked streaming was cut off, and
    // coding runs that were working go on from their checkpoints (soon, from the alarm).
    if (this.runs.closeOrphans()) void ctx.blockConcurrencyWhile(() => this.scheduleMirror());
    if (codingStore.rooms().length > 0) void ctx.blockConcurrencyWhile(() => this.alarmBy(Date.now()));
  }

  private get chatId(): string {
    return this.store.getMeta("chatId") ?? "";
  }

  private ownerId(): string {
    return this.store.getMeta("ownerId") ?? "";
  }

  /**
   * Everything the agent and control handlers need, answering on one socket. The room's part is
   * built once: every frame asks for a context, and building its dozen closures each time showed in
   * a busy room's CPU profile (esbuild's `__name` on each, and their garbage).
   */
  private agentContext(ws?: WebSocket): AgentFrameContext {
    this.roomContext ??= {
      store: this.store,
      control: this.control,
      runs: this.runs,
      coding: this.coding,
      waitUntil: (work) => this.ctx.waitUntil(work),
      chatId: () => this.chatId,
      ownerId: () => this.ownerId(),
      sendControlState: () => this.sendControlState(),
      broadcast: (frame, onlyUser) => this.broadcast(frame, onlyUser),
      publish: (row) => this.publish(row),
      reply: () => undefined,
      chatName: () => this.store.getMeta("name") ?? "",
      // Not awaited: a slow inbox must not hold up the room; failures are logged by notifyUsers.
      notifyOwner: (frame) => this.ctx.waitUntil(notifyUsers(this.env, [this.ownerId()], frame)),
      notices: this.notices,
    };
    // A bound function, not an arrow: esbuild names each arrow it bundles, on every call.
    return ws ? { ...this.roomContext, reply: sendFrame.bind(null, ws) } : this.roomContext;
  }

  private agentRequestRoom(): AgentRequestRoom {
    return { context: this.agentContext(), scheduleMirror: () => this.scheduleMirror(), waitUntil: (work) => this.ctx.waitUntil(work) };
  }

  // ---- RPC from the Worker (already authorised there) ----

  /** Replaces the member list; removed members' sockets are told why and closed at once. */
  async setMembers(meta: RoomMeta, members: RoomMember[], reason: "removed" | "left" = "removed"): Promise<{ added: string[]; removed: string[] }> {
    return replaceMembers(this.ctx, this.agentContext(), meta, members, reason);
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

  async toggleReaction(
    viewer: { id: string; name: string },
    messageId: string,
    emoji: string,
  ): Promise<{ outcome: string; reactions: ReactionSummary[] } | null> {
    return toggleReaction(this.ratingRoom(), viewer, messageId, emoji);
  }

  async reactionsOf(viewerId: string, messageId: string): Promise<ReactionSummary[] | null> {
    if (this.store.byIds([messageId], viewerId).length === 0) return null;
    return this.store.feedback.reactions([messageId]).get(messageId) ?? [];
  }

  async rate(viewerId: string, messageId: string, value: 1 | -1, reason: string | null, detail: string | null): Promise<LikeState | null> {
    return rate(this.ratingRoom(), viewerId, messageId, value, reason, detail);
  }

  async renamed(name: string): Promise<void> {
    this.store.setMeta("name", name);
    this.broadcast({ type: "chat_renamed", chatId: this.chatId, name });
  }

  /** The group is gone: everyone is told, every socket closed, and the room's storage erased. */
  async dissolve(): Promise<void> {
    const chatId = this.chatId;
    this.sockets.flush();
    for (const ws of this.ctx.getWebSockets()) {
      sendFrame(ws, { type: "group_remove", chatId, reason: "dissolved" });
      closeQuietly(ws, CLOSE_DISSOLVED, "dissolved");
    }
    await this.ctx.storage.deleteAlarm();
    this.alarmAt = null;
    this.mirror.alarmGone();
    await this.ctx.storage.deleteAll();
    this.sockets.changed();
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

  /** The card's Approve/Reject over REST. */
  async decidePresenterRequest(viewerId: string, requestId: string, decision: "approve" | "reject"): Promise<DecisionResult> {
    const member = this.store.member(viewerId);
    if (!member) return { ok: false, reason: "not_member" };
    return new Control(this.agentContext()).decide(member, requestId, decision);
  }

  async requestStatuses(ids: string[]): Promise<Record<string, RequestOutcome>> {
    return Object.fromEntries(this.control.statuses(ids));
  }

  /** Answers the request behind an agent reply again, as a new reply. */
  async regenerate(viewerId: string, replyId: string): Promise<AgentRequestResult> {
    return regenerateReply(this.agentRequestRoom(), viewerId, replyId);
  }

  async unnotifiedDiscuss(viewerId: string, limit: number): Promise<ChatMessage[]> {
    return unnotifiedDiscuss(this.store, this.chatId, viewerId, limit);
  }

  /** The controller hands the discussion to the agent: one merged request, answered like any other. */
  async forwardDiscussToAgent(viewerId: string, messageIds: string[] | null): Promise<AgentRequestResult<{ messageId: string }>> {
    return forwardDiscussion(this.agentRequestRoom(), viewerId, messageIds);
  }

  /** A page of what the search index holds of this room, for rebuilding an organization's search shard. */
  async searchExport(afterSeq: number, limit: number): Promise<MirrorItem[]> {
    return this.store.searchable(afterSeq, Math.min(limit, MIRROR_BATCH)).map(toMirrorItem);
  }

  async messageContent(viewerId: string, messageId: string): Promise<string | null> {
    return this.store.byIds([messageId], viewerId)[0]?.content ?? null;
  }

  private sendControlState(): void {
    // Who may answer the agent's approval requests follows control.
    this.coding.announceOpenApprovals();
    const ctx = this.agentContext();
    for (const ws of this.ctx.getWebSockets()) {
      const identity = identityOf(ws);
      if (identity) sendFrame(ws, { type: "control_state", control: controlStateFor(ctx, identity.userId) });
    }
  }

  // ---- WebSockets ----

  override async fetch(request: Request): Promise<Response> {
    return acceptMember(
      { state: this.ctx, sockets: this.sockets, frames: this.frameRoom, context: () => this.agentContext(), alarmBy: (at) => this.alarmBy(at) },
      request,
    );
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
    this.sockets.changed();
    echoClose(ws, code, reason);
  }

  override async webSocketError(): Promise<void> {
    this.sockets.changed();
  }

  /** Sign-out: this session's sockets close at once. */
  async closeSession(sessionId: string): Promise<number> {
    return closeSessionSockets(this.ctx, sessionId);
  }

  /** Sessions were revoked: sockets whose session is gone close now. */
  async checkSessions(): Promise<void> {
    await closeEndedSessions(this.ctx, this.env.DB);
  }

  /** One alarm for the jobs that must survive eviction: the mirror's backstop, coding runs' expiries, and the session check (each minute with sockets open). */
  override async alarm(): Promise<void> {
    this.alarmAt = null;
    this.mirror.alarmGone();
    // Coding runs: expired approvals end as rejections, and runs left by a restart go on.
    for (const room of this.coding.expire(Date.now())) this.ctx.waitUntil(this.runs.resume(room));
    for (const resumed of this.runs.resumeAfterRestart()) this.ctx.waitUntil(resumed);
    if (await this.mirror.flushNow()) await this.alarmBy(Date.now() + MIRROR_DELAY_MS);
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
    const message = toChatMessage(this.chatId, row, { reply });
    if (row.visible_to) this.broadcast({ type: "message", message }, row.visible_to);
    else this.sockets.publish(message);
  }

  private ratingRoom(): RatingRoom {
    return { store: this.store, broadcast: (frame, onlyUser) => this.broadcast(frame, onlyUser) };
  }

  private broadcast(frame: ServerFrame, onlyUser?: string): void {
    this.sockets.broadcast(frame, onlyUser);
  }

  private scheduleMirror(): Promise<void> {
    return this.mirror.schedule();
  }

  /**
   * Makes sure the alarm rings by `at`; an earlier alarm already set stands. Calls run one after
   * another: two at once (a restarted room schedules its mirror backstop and its coding runs' resume
   * together) would both read the old alarm, and the later time could overwrite the earlier one.
   */
  private alarmBy(at: number): Promise<void> {
    const next = this.alarmQueue.catch(() => undefined).then(() => this.setAlarmBy(at));
    this.alarmQueue = next;
    return next;
  }

  private async setAlarmBy(at: number): Promise<void> {
    if (this.alarmAt === undefined) this.alarmAt = await this.ctx.storage.getAlarm();
    if (this.alarmAt !== null && this.alarmAt <= at) return;
    await this.ctx.storage.setAlarm(at);
    this.alarmAt = at;
  }
}
