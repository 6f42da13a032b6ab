import {
  AGENT_TEXTS,
  CODING_TEXTS,
  STREAM_AGENT,
  STREAM_ASK,
  STREAM_DISCUSS,
  agentRoomOf,
  discussRoomOf,
  type AgentRunInfo,
  type ChatStream,
  type ExecutionMode,
  type KnowledgeHit,
  type ServerFrame,
  type StatusUpdateContent,
} from "../../../contract";
import { answer } from "../../agents/answer";
import type { ChatProject } from "../../agents/coding/project";
import { codingSystemPrompt } from "../../agents/coding/prompt";
import { conversation } from "../../agents/prompt";
import type { AgentProfile, TranscriptEntry } from "../../agents/prompt";
import { RunInputsReader } from "../../agents/run-inputs";
import type { Env } from "../../env";
import { readableForward } from "./discuss-forward";
import { ReplyText, type ReplyDraft } from "./agent-text";
import type { CodingRunner, DriveResult, RunOutput } from "./coding-runs";
import type { CodingStore } from "./coding-store";
import { toChatMessage } from "./mapping";
import { withRequestInputs } from "./request-inputs";
import type { MessageRow, RoomStore } from "./store";
import type { RoomMember } from "./types";

/** What the runner needs from its room: storage, and ways to reach sockets. */
export interface RoomIo {
  store: RoomStore;
  env: Env;
  chatId(): string;
  chatName(): string;
  broadcast(frame: ServerFrame, onlyUser?: string): void;
  publish(row: MessageRow): void;
  scheduleMirror(): Promise<void>;
  coding: CodingRunner;
  codingStore: CodingStore;
}

interface ActiveRun extends ReplyDraft {
  info: AgentRunInfo;
  abort: AbortController;
}

export interface RunConfig {
  mode: ExecutionMode;
  model: string | undefined;
}

const TRANSCRIPT_MESSAGES = 20;
/**
 * What the agent reads of its stream: requests, forwarded discussions and its own replies. Anything
 * else there (a plain `chat` stored before the stream rules were enforced) never reaches the model.
 */
const CONVERSATION_TYPES = new Set(["user_request", "ai_response", "merged_forward"]);
/** In the discussion (a VIRE answering a mention) the members' own chat is the conversation. */
const DISCUSS_TYPES = new Set([...CONVERSATION_TYPES, "chat"]);
const PAUSED_EMPTY = "…";
const INTERRUPTED = "\n\n_(The reply was interrupted by a server restart.)_";

/** The room a run of this stream takes: the agent stream's, the asker's ask-only one, or the discussion's. */
export function runRoomOf(chatId: string, stream: ChatStream, userId: string): string {
  return stream === STREAM_DISCUSS ? discussRoomOf(chatId) : agentRoomOf(chatId, stream, userId);
}

/** What the agent reads of a message: forwarded discussions unpacked into lines. */
function textOf(row: Pick<MessageRow, "message_type" | "content">): string {
  return row.message_type === "merged_forward" ? readableForward(row.content) : row.content;
}

/**
 * Agent replies of one chat room: at most one per room (the shared agent stream, and each user's
 * ask-only stream). A run lives in memory while its model call is open — the object cannot hibernate
 * meanwhile — and its text is saved every second so a restart loses at most that much (agent-text.ts).
 */
export class AgentRuns {
  private readonly runs = new Map<string, ActiveRun>();
  private readonly text: ReplyText;
  private readonly inputs: RunInputsReader;

  constructor(private readonly io: RoomIo) {
    this.text = new ReplyText(io);
    this.inputs = new RunInputsReader(() => io.env.DB);
  }

  /** A coding run waiting for an approval is not in memory, but its room is still busy. */
  isBusy(room: string): boolean {
    return this.runs.has(room) || this.io.coding.has(room);
  }

  /** Who started the run in this room, while it runs in memory. */
  startedBy(room: string): string | null {
    return this.runs.get(room)?.info.startedBy ?? null;
  }

  /** Runs a viewer may see, with their text so far: how a late joiner picks up a reply mid-stream. */
  visibleTo(viewerId: string): AgentRunInfo[] {
    const live = [...this.runs.values()].filter((r) => !r.visibleTo || r.visibleTo === viewerId).map((r) => ({ ...r.info }));
    // A coding run waiting for an approval is not in memory, but the stream is still working on it.
    const waiting = this.io.codingStore
      .rooms()
      .filter((room) => !this.runs.has(room))
      .map((room) => this.io.codingStore.load(room))
      .filter((cp) => cp !== null && (!cp.visibleTo || cp.visibleTo === viewerId))
      .map((cp) => ({ room: cp!.room, chat_type: cp!.chatType, message_id: "", request_id: cp!.requestId, content: "", startedBy: cp!.startedBy }));
    return [...live, ...waiting];
  }

  /** Stops a run; the reply keeps what was written. False when nothing runs there. */
  pause(room: string, by: RoomMember | null = null): boolean {
    const run = this.runs.get(room);
    if (!run) {
      // A coding run waiting for an approval: withdraw the request; the run ends when it resumes.
      if (!this.io.coding.pauseWaiting(room, by)) return false;
      void this.resume(room);
      return true;
    }
    run.abort.abort();
    return true;
  }

  /** After a restart: replies left half-written are closed with a note, never left spinning. */
  closeOrphans(): boolean {
    const orphans = this.io.store.orphanedReplies();
    for (const row of orphans) this.io.store.saveContent(row.id, `${row.content}${INTERRUPTED}`, true);
    return orphans.length > 0;
  }

  /**
   * Answers a stored request. The caller has checked that the sender may drive this stream and
   * that the room is not busy; the slot is taken synchronously so a second request cannot slip in.
   */
  async start(request: MessageRow, requester: RoomMember, vire: RoomMember | null, config: RunConfig): Promise<void> {
    const stream = request.chat_type as ChatStream;
    const room = runRoomOf(this.io.chatId(), stream, requester.id);
    const visibleTo = stream === STREAM_ASK ? requester.id : undefined;
    const run: ActiveRun = {
      info: { room, chat_type: stream, message_id: "", request_id: request.id, content: "", startedBy: requester.id },
      visibleTo,
      abort: new AbortController(),
      sent: 0,
      savedAt: 0,
      unstored: null,
    };
    this.runs.set(room, run);
    let result: DriveResult = "done";
    try {
      const { allowed, agent, project } = await this.inputs.read({
        userId: requester.id,
        chatId: this.io.chatId(),
        vireId: vire?.id ?? null,
        // A discussion answer is always a plain reply: it never starts a coding run on the workspace.
        withProject: vire !== null && stream !== STREAM_DISCUSS,
      });
      if (!allowed) {
        this.io.broadcast({ type: "chat_remain_no", room, message: AGENT_TEXTS.quotaExhausted }, requester.id);
        return;
      }
      this.status(run, "busy");
      if (!vire || !agent) this.alert(run, vire, AGENT_TEXTS.noAgent);
      else if (project) result = await this.beginCoding(run, request, vire, agent, config, project);
      else await this.answerWith(run, request, vire, agent, config);
    } catch (err) {
      this.alert(run, vire, `The reply failed: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      await this.settle(run, result);
    }
  }

  /** A run ends (its last reply finished, chat_done, idle) unless it now waits for an approval. */
  private async settle(run: ActiveRun, result: DriveResult): Promise<void> {
    const { room, chat_type } = run.info;
    // The run keeps its room until its reply is finished, so a late joiner meanwhile still gets its text.
    if (run.info.message_id) await this.text.close(run, () => this.finalize(run));
    this.runs.delete(room);
    if (result === "suspended") return void (await this.io.scheduleMirror());
    if (result === "paused") this.io.broadcast({ type: "sse_paused", room, success: true, message_id: run.info.message_id || null }, run.visibleTo);
    this.io.broadcast({ type: "chat_done", room, chat_type, message_id: run.info.message_id || null }, run.visibleTo);
    this.status(run, "idle");
    await this.io.scheduleMirror();
  }

  /** Starts the coding loop of a project chat: the conversation becomes the run's first checkpoint. */
  private async beginCoding(
    run: ActiveRun,
    request: MessageRow,
    vire: RoomMember,
    agent: AgentProfile,
    config: RunConfig,
    project: ChatProject,
  ): Promise<DriveResult> {
    const mode = run.info.chat_type === STREAM_ASK ? "ask" : config.mode;
    this.io.codingStore.save({
      room: run.info.room,
      chatType: run.info.chat_type,
      requestId: request.id,
      startedBy: run.info.startedBy,
      visibleTo: run.visibleTo ?? null,
      vireId: vire.id,
      project: { id: project.id, ownerId: project.ownerId, policy: project.policy },
      mode,
      model: config.model ?? null,
      system: codingSystemPrompt({ agent, chatName: this.io.chatName(), projectName: project.name, mode }),
      messages: conversation(await this.readTranscript(run, request, config, project)),
      pending: [],
      inflight: null,
      awaiting: null,
      step: 0,
      activeMs: 0,
      outputChars: 0,
      cards: {},
    });
    return this.io.coding.drive(run.info.room, this.output(run, request, vire));
  }

  /**
   * Goes on with a coding run from its checkpoint: after an approval was answered or expired, a
   * pause while it waited, or a restart of the room. Nothing happens if it is already running.
   */
  async resume(room: string, note?: string): Promise<void> {
    if (this.runs.has(room)) return;
    const cp = this.io.codingStore.load(room);
    if (!cp) return;
    const request = this.io.store.byId(cp.requestId);
    const vire = this.io.store.member(cp.vireId);
    const run: ActiveRun = {
      info: { room, chat_type: cp.chatType, message_id: "", request_id: cp.requestId, content: "", startedBy: cp.startedBy },
      visibleTo: cp.visibleTo ?? undefined,
      abort: new AbortController(),
      sent: 0,
      savedAt: 0,
      unstored: null,
    };
    this.runs.set(room, run);
    let result: DriveResult = "done";
    try {
      if (!request || !vire) {
        this.io.codingStore.drop(room);
        return;
      }
      this.status(run, "busy");
      if (note) this.alert(run, vire, note);
      result = await this.io.coding.drive(room, this.output(run, request, vire));
    } catch (err) {
      this.io.codingStore.drop(room);
      this.alert(run, vire, `The reply failed: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      await this.settle(run, result);
    }
  }

  /** Coding runs left in storage by a previous instance: each goes on (or closes) with a note. */
  resumeAfterRestart(): Promise<void>[] {
    return this.io.codingStore
      .rooms()
      .filter((room) => !this.runs.has(room) && this.io.codingStore.load(room)?.awaiting === null)
      .map((room) => this.resume(room, CODING_TEXTS.interrupted));
  }

  /** How the coding loop writes into the chat for one run. */
  private output(run: ActiveRun, request: MessageRow, vire: RoomMember): RunOutput {
    return {
      signal: run.abort.signal,
      text: (delta) => this.append(run, request, vire, delta),
      closeText: () => {
        if (!run.info.message_id) return;
        this.finish(run);
        run.info.message_id = "";
        run.info.content = "";
        run.sent = 0;
      },
      card: (content) => this.insertNotice(run, vire, "status_update", content).id,
      updateCard: (id, content) => {
        const row = this.io.store.saveContent(id, content, true);
        if (row) this.io.broadcast({ type: "message_updated", message: toChatMessage(this.io.chatId(), row) }, run.visibleTo);
      },
      alert: (text) => this.alert(run, vire, text),
    };
  }

  private async answerWith(run: ActiveRun, request: MessageRow, vire: RoomMember, agent: AgentProfile, config: RunConfig): Promise<void> {
    const outcome = await answer(
      this.io.env,
      {
        agent,
        chatName: this.io.chatName(),
        // Only the agent stream may code; ask-only and discussion answers are in Ask mode.
        mode: run.info.chat_type === STREAM_AGENT ? config.mode : "ask",
        model: config.model,
        question: textOf(request),
        transcript: await this.readTranscript(run, request, config, null),
        signal: run.abort.signal,
      },
      {
        onKnowledge: (query, hits) => this.knowledgeCard(run, vire, query, hits),
        onText: (delta) => this.append(run, request, vire, delta),
      },
    );
    if (outcome.status === "paused") {
      if (run.info.message_id) this.text.flush(run);
      this.io.broadcast({ type: "sse_paused", room: run.info.room, success: true, message_id: run.info.message_id || null }, run.visibleTo);
    } else if (outcome.status === "error" || outcome.status === "unavailable") {
      this.alert(run, vire, outcome.error);
    }
  }

  private readTranscript(run: ActiveRun, request: MessageRow, config: RunConfig, project: ChatProject | null): Promise<TranscriptEntry[]> {
    return withRequestInputs(this.io.env, this.io.chatId(), this.transcript(run, request), request.attachments, config.model, project);
  }

  private transcript(run: ActiveRun, request: MessageRow): TranscriptEntry[] {
    return this.io.store
      .recent(request.sender_id ?? "", run.info.chat_type, request.seq + 1, TRANSCRIPT_MESSAGES)
      .filter((row) => (run.info.chat_type === STREAM_DISCUSS ? DISCUSS_TYPES : CONVERSATION_TYPES).has(row.message_type))
      .map((row) => ({ fromAgent: row.sender_type === "virtual_employee", senderName: row.sender_name, text: textOf(row) }));
  }

  private openReply(run: ActiveRun, request: MessageRow, vire: RoomMember): void {
    this.text.open(run, {
      id: `msg_ai_${crypto.randomUUID()}`,
      chatType: run.info.chat_type,
      visibleTo: run.visibleTo ?? null,
      sender: vire,
      messageType: "ai_response",
      content: "",
      attachments: "[]",
      replyToId: request.id,
      createdAt: Date.now(),
      streaming: true,
    });
  }

  /** The reply message opens with its first token, so a call that fails at once leaves only the alert. */
  private append(run: ActiveRun, request: MessageRow, vire: RoomMember, delta: string): void {
    if (!delta) return;
    if (!run.info.message_id) this.openReply(run, request, vire);
    this.text.append(run, delta);
  }

  /** The reply's final text is stored and every member gets the finished message. */
  private finish(run: ActiveRun): void {
    this.text.flush(run);
    this.finalize(run);
  }

  /** The final write and frames of a reply whose text has all gone out. */
  private finalize(run: ActiveRun): void {
    const { room, chat_type, message_id } = run.info;
    const row = this.io.store.saveContent(message_id, run.info.content || PAUSED_EMPTY, true);
    this.io.broadcast({ type: "streaming_done", room, chat_type, message_id }, run.visibleTo);
    if (row) this.io.broadcast({ type: "message_updated", message: toChatMessage(this.io.chatId(), row) }, run.visibleTo);
  }

  private knowledgeCard(run: ActiveRun, vire: RoomMember, query: string, hits: KnowledgeHit[]): void {
    const files = [...new Set(hits.map((h) => h.fileName))];
    const card: StatusUpdateContent = {
      update_type: "tool_execution_result",
      content: {
        display_to_user: hits.length ? `Searched knowledge: ${hits.length} passage(s) from ${files.join(", ")}` : "Searched knowledge: nothing relevant found",
        details: { tool: "search_knowledge", query, passages: hits.map((h) => ({ file: h.fileName, score: h.score, text: h.text.slice(0, 200) })) },
      },
    };
    this.insertNotice(run, vire, "status_update", JSON.stringify(card));
  }

  private alert(run: ActiveRun, vire: RoomMember | null, text: string): void {
    this.insertNotice(run, vire, "system_alert", text);
  }

  private insertNotice(run: ActiveRun, vire: RoomMember | null, messageType: "status_update" | "system_alert", content: string): MessageRow {
    const sender: RoomMember = vire ?? { id: "system", name: "System", image: null, type: "virtual_employee" };
    // The text written so far reaches the audience before the notice that follows it.
    if (run.info.message_id) this.text.flush(run);
    const row = this.io.store.insert({
      id: `msg_sys_${crypto.randomUUID()}`,
      chatType: run.info.chat_type,
      visibleTo: run.visibleTo ?? null,
      sender,
      messageType,
      content,
      attachments: "[]",
      replyToId: run.info.request_id,
      createdAt: Date.now(),
      keepOutOfMirror: true,
    });
    this.io.publish(row);
    return row;
  }

  private status(run: ActiveRun, status: "busy" | "idle"): void {
    this.io.broadcast({ type: "agent_status", room: run.info.room, chat_type: run.info.chat_type, status }, run.visibleTo);
  }
}
