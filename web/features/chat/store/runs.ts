import { toast } from "../../../ui/toast";
import { AGENT_TEXTS, agentRoomOf, type AgentRunInfo, type AgentServerFrame, type AgentStatusAnswer } from "../../../../contract";
import { request } from "../../../app/api/client";
import i18n from "i18next";
import { laneOfRoom, laneOfStream, laneOfTab, roomOfLane, type Lane } from "../agent/model/generation";
import { askerOf } from "../agent/model/replyStreams";
import { serverText } from "../agent/model/serverTexts";
import { placeholderReply, type ReplyAuthor } from "../agent/model/streaming";
import { streamOfMessage } from "../model/streams";
import { STREAM_CHAT_TYPE, type StreamKey } from "../model/types";
import type { StoreCore } from "./core";

/** The busy pre-check must not hold a send for long; a slow answer counts as a failed check. */
const STATUS_TIMEOUT_MS = 5_000;
const QUOTA_TOAST_MS = 8_000;

export interface RunActions {
  /** The runs `ready` lists: their text so far, and their lanes as generating. */
  ready(runs: AgentRunInfo[]): void;
  /** Handles a run frame; false when the frame is not about runs. */
  handle(frame: AgentServerFrame): boolean;
  /** Spec 02 §4 pre-check: true only when the room says busy; a failed check lets the send go ahead. */
  isBusy(stream: StreamKey): Promise<boolean>;
  pause(stream: StreamKey): void;
  /** A room `error` frame that is about runs (the VIRE busy answering a mention); false for any other. */
  handleError(text: string): boolean;
}

/**
 * Agent runs of one chat: live replies, the generating flags, pause and the quota prompt. Three
 * rooms run them: the agent's, this user's ask-only one, and the discussion's, where the VIRE
 * answers whoever named it (its answer streams into the Discussion tab like the others).
 */
export function createRuns(core: StoreCore): RunActions {
  const t = i18n.t.bind(i18n);
  const lane = (room: string): Lane | null => laneOfRoom(room, core.chat.id, core.me.id);
  const author = (): ReplyAuthor | null => {
    const vire = core.chat.participants.find((p) => p.type === "virtual_employee" || p.isAI);
    return vire ? { id: vire.id, name: vire.name, avatarUrl: vire.avatarUrl ?? vire.image } : null;
  };

  /** Appends a chunk, creating the reply row if this tab has not seen the reply yet. */
  const chunk = (run: Pick<AgentRunInfo, "message_id" | "chat_type" | "request_id">, offset: number, text: string) => {
    const stream = streamOfMessage({ chat_type: run.chat_type, chatType: run.chat_type }, core.streamKeys);
    const placeholder = stream ? { stream, message: placeholderReply(run, core.chat.id, author(), new Date().toISOString()) } : null;
    core.dispatch({ type: "chunk", messageId: run.message_id, offset, chunk: text, placeholder });
  };
  /** The discussion's asker may pause its answer: learnt from the reply's request once this tab holds both. */
  const learnAsker = (replyId: string) => {
    const { flags, streams } = core.state.getState();
    if (flags.discussAsker) return;
    const asker = askerOf(streams, replyId);
    if (asker) core.signal({ type: "asker", userId: asker });
  };

  return {
    ready(runs) {
      const mine = runs.filter((run) => lane(run.room) !== null);
      // A run without a message yet (a coding run waiting for an approval) only marks its lane busy.
      for (const run of mine) if (run.message_id) chunk(run, 0, run.content ?? "");
      core.signal({ type: "runs", lanes: mine.map((run) => lane(run.room)!) });
      const discussion = mine.find((run) => lane(run.room) === "discuss");
      if (discussion?.startedBy) core.signal({ type: "asker", userId: discussion.startedBy });
    },
    handle(frame) {
      switch (frame.type) {
        case "streaming_message": {
          const of = lane(frame.room);
          if (of) chunk({ message_id: frame.message_id, chat_type: frame.chat_type, request_id: "" }, frame.offset, frame.chunk);
          if (of === "discuss") learnAsker(frame.message_id);
          return true;
        }
        case "streaming_done":
          core.dispatch({ type: "streamDone", messageId: frame.message_id });
          core.signal({ type: "done", lane: lane(frame.room) });
          return true;
        case "chat_done":
          // Also ends a reply whose streaming_done this tab missed (e.g. across a reconnect).
          if (frame.message_id) core.dispatch({ type: "streamDone", messageId: frame.message_id });
          core.signal({ type: "done", lane: lane(frame.room) });
          return true;
        case "agent_status":
          core.signal({ type: "status", lane: lane(frame.room), busy: frame.status === "busy" });
          return true;
        case "sse_paused":
          core.signal({ type: "paused", lane: lane(frame.room), success: frame.success });
          if (!frame.success)
            toast.error(t("agent.composer.pauseFailed", { error: serverText(t, frame.error) || t("chat.composer.unknownError") }), { id: "agent-pause" });
          return true;
        case "chat_remain_no":
          core.signal({ type: "quota", lane: lane(frame.room) });
          toast.error(t("agent.quota.body"), { id: "agent-quota", duration: QUOTA_TOAST_MS });
          core.state.setState({ quotaOpen: true });
          return true;
        default:
          return false;
      }
    },
    async isBusy(stream) {
      if (!laneOfStream(stream)) return false;
      const room = agentRoomOf(core.chat.id, STREAM_CHAT_TYPE[stream], core.me.id);
      try {
        const answer = await request<AgentStatusAnswer>(`/api/agent-status/${encodeURIComponent(room)}`, { silent: true, timeoutMs: STATUS_TIMEOUT_MS });
        return answer?.status === "busy";
      } catch (error) {
        console.warn("[agent] status check failed; sending anyway", error);
        return false;
      }
    },
    pause(stream) {
      // Only tabs with a lane show the pause button; the agent's room is the one a chat always has.
      const room = roomOfLane(laneOfTab(stream) ?? "agent", core.chat.id, core.me.id);
      if (!core.sendFrame({ type: "pause_sse_v2", room, userId: core.me.id, reason: "user_pause" })) {
        toast.error(t("agent.composer.pauseFailed", { error: t("chat.reconnecting") }), { id: "agent-pause" });
      }
    },
    handleError(text) {
      // Naming the VIRE in the discussion while it answers someone: the room tells only the sender.
      if (text !== AGENT_TEXTS.busy) return false;
      toast.error(serverText(t, text), { id: "agent-busy" });
      return true;
    },
  };
}
