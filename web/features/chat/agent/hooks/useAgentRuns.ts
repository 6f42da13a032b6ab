import { useCallback, useMemo, useReducer, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { agentRoomOf, type AgentRunInfo, type AgentServerFrame, type AgentStatusAnswer, type ChatListItem, type ClientFrame, type SessionUser } from "../../../../../contract";
import { request } from "../../../../app/api/client";
import { streamOfMessage, streamsOf } from "../../model/streams";
import type { StreamsAction } from "../../model/streamsReducer";
import { STREAM_CHAT_TYPE, type StreamKey } from "../../model/types";
import { generationReducer, IDLE, laneOfRoom, laneOfStream, type Lane } from "../model/generation";
import { serverText } from "../model/serverTexts";
import { placeholderReply, type ReplyAuthor } from "../model/streaming";

/** The busy pre-check must not hold a send for long; a slow answer counts as a failed check. */
const STATUS_TIMEOUT_MS = 5_000;
const QUOTA_TOAST_MS = 8_000;

export interface AgentRuns {
  flags: { agent: boolean; ask: boolean };
  quotaOpen: boolean;
  closeQuota: () => void;
  ready: (runs: AgentRunInfo[]) => void;
  /** Handles a run frame; false when the frame is not about runs. */
  handle: (frame: AgentServerFrame) => boolean;
  disconnected: () => void;
  sent: (stream: StreamKey) => void;
  sendFailed: (stream: StreamKey) => void;
  /** Spec 02 §4 pre-check: true only when the room says busy; a failed check lets the send go ahead. */
  isBusy: (stream: StreamKey) => Promise<boolean>;
  pause: (stream: StreamKey) => void;
}

/** Agent runs of one chat: live replies, the generating flags, pause and the quota prompt. */
export function useAgentRuns(chat: ChatListItem, me: SessionUser, dispatch: (action: StreamsAction) => void, sendFrame: (frame: ClientFrame) => boolean): AgentRuns {
  const { t } = useTranslation();
  const [flags, signal] = useReducer(generationReducer, IDLE);
  const [quotaOpen, setQuotaOpen] = useState(false);
  const streamKeys = useMemo(() => streamsOf(chat.chatType), [chat.chatType]);
  const author = useMemo<ReplyAuthor | null>(() => {
    const vire = chat.participants.find((p) => p.type === "virtual_employee" || p.isAI);
    return vire ? { id: vire.id, name: vire.name, avatarUrl: vire.avatarUrl ?? vire.image } : null;
  }, [chat.participants]);

  const lane = useCallback((room: string): Lane | null => laneOfRoom(room, chat.id, me.id), [chat.id, me.id]);

  /** Appends a chunk, creating the reply row if this tab has not seen the reply yet. */
  const chunk = useCallback(
    (run: Pick<AgentRunInfo, "message_id" | "chat_type" | "request_id">, offset: number, text: string) => {
      const stream = streamOfMessage({ chat_type: run.chat_type, chatType: run.chat_type }, streamKeys);
      const placeholder = stream ? { stream, message: placeholderReply(run, chat.id, author, new Date().toISOString()) } : null;
      dispatch({ type: "chunk", messageId: run.message_id, offset, chunk: text, placeholder });
    },
    [streamKeys, chat.id, author, dispatch],
  );

  const ready = useCallback(
    (runs: AgentRunInfo[]) => {
      const mine = runs.filter((run) => lane(run.room) !== null);
      for (const run of mine) chunk(run, 0, run.content ?? "");
      signal({ type: "runs", lanes: mine.map((run) => lane(run.room)!) });
    },
    [lane, chunk],
  );

  const handle = useCallback(
    (frame: AgentServerFrame): boolean => {
      switch (frame.type) {
        case "streaming_message":
          if (lane(frame.room)) chunk({ message_id: frame.message_id, chat_type: frame.chat_type, request_id: "" }, frame.offset, frame.chunk);
          return true;
        case "streaming_done":
          dispatch({ type: "streamDone", messageId: frame.message_id });
          signal({ type: "done", lane: lane(frame.room) });
          return true;
        case "chat_done":
          // Also ends a reply whose streaming_done this tab missed (e.g. across a reconnect).
          if (frame.message_id) dispatch({ type: "streamDone", messageId: frame.message_id });
          signal({ type: "done", lane: lane(frame.room) });
          return true;
        case "agent_status":
          signal({ type: "status", lane: lane(frame.room), busy: frame.status === "busy" });
          return true;
        case "sse_paused":
          signal({ type: "paused", lane: lane(frame.room), success: frame.success });
          if (!frame.success) toast.error(t("agent.composer.pauseFailed", { error: serverText(t, frame.error) || t("chat.composer.unknownError") }), { id: "agent-pause" });
          return true;
        case "chat_remain_no":
          signal({ type: "quota", lane: lane(frame.room) });
          toast.error(t("agent.quota.body"), { id: "agent-quota", duration: QUOTA_TOAST_MS });
          setQuotaOpen(true);
          return true;
        default:
          return false;
      }
    },
    [lane, chunk, dispatch, t],
  );

  const disconnected = useCallback(() => signal({ type: "disconnected" }), []);
  const sent = useCallback((stream: StreamKey) => signal({ type: "sent", stream }), []);
  const sendFailed = useCallback((stream: StreamKey) => signal({ type: "sendFailed", stream }), []);

  const isBusy = useCallback(
    async (stream: StreamKey) => {
      if (!laneOfStream(stream)) return false;
      const room = agentRoomOf(chat.id, STREAM_CHAT_TYPE[stream], me.id);
      try {
        const answer = await request<AgentStatusAnswer>(`/api/agent-status/${encodeURIComponent(room)}`, { silent: true, timeoutMs: STATUS_TIMEOUT_MS });
        return answer?.status === "busy";
      } catch (error) {
        console.warn("[agent] status check failed; sending anyway", error);
        return false;
      }
    },
    [chat.id, me.id],
  );

  const pause = useCallback(
    (stream: StreamKey) => {
      const room = agentRoomOf(chat.id, STREAM_CHAT_TYPE[stream], me.id);
      if (!sendFrame({ type: "pause_sse_v2", room, userId: me.id, reason: "user_pause" })) {
        toast.error(t("agent.composer.pauseFailed", { error: t("chat.reconnecting") }), { id: "agent-pause" });
      }
    },
    [chat.id, me.id, sendFrame, t],
  );

  const closeQuota = useCallback(() => setQuotaOpen(false), []);
  return { flags, quotaOpen, closeQuota, ready, handle, disconnected, sent, sendFailed, isBusy, pause };
}
