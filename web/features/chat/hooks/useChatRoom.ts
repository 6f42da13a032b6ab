import { useCallback, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { ChatListItem, ClientFrame, SessionUser } from "../../../../contract";
import { useAgentControl } from "../agent/hooks/useAgentControl";
import { useAgentRuns } from "../agent/hooks/useAgentRuns";
import { agentSendRule } from "../agent/model/control";
import { buildChatMessageFrame, newMessageId, optimisticMessage } from "../model/messageFrame";
import type { RoomEvents } from "../model/roomSocket";
import { streamOfMessage, streamsOf } from "../model/streams";
import type { ComposedMessage, StreamKey } from "../model/types";
import { revalidateChat } from "../../../app/realtime/chatListCache";
import { useChatStreams } from "./useChatStreams";
import { useRoomSocket, type RoomConnection } from "./useRoomSocket";
import { useUnread } from "./useUnread";

/**
 * Everything live about one open chat: its streams and paging, the room socket, sending with
 * acks, the tab badges, and the agent's runs and presenter control.
 */
export function useChatRoom(chat: ChatListItem, me: SessionUser) {
  const { t } = useTranslation();
  const streamKeys = useMemo(() => streamsOf(chat.chatType), [chat.chatType]);
  const [active, setActive] = useState<StreamKey>(streamKeys[0]!);
  const streams = useChatStreams(chat.id, me.id, streamKeys);
  const unread = useUnread(chat, active);
  const [followSignal, setFollowSignal] = useState(0);
  /** The stream of each message this tab sent, for the failure rule (discuss and human drop it). */
  const sentStreams = useRef(new Map<string, StreamKey>());
  const { dispatch } = streams;

  const revalidate = useCallback(() => void revalidateChat(chat.id), [chat.id]);
  // The agent hooks need to send before the socket hook below exists: they go through this ref.
  const socket = useRef<RoomConnection | null>(null);
  const sendFrame = useCallback((frame: ClientFrame) => socket.current?.sendFrame(frame) ?? false, []);
  const runs = useAgentRuns(chat, me, dispatch, sendFrame);
  const control = useAgentControl(chat, me, sendFrame);

  const [everConnected, setEverConnected] = useState(false);

  const events: RoomEvents = {
    connection: (connected) => {
      if (connected) setEverConnected(true);
      else runs.disconnected();
    },
    ready: (_headSeq, first, live) => {
      if (first) streams.roomReady();
      control.ready(live.control);
      runs.ready(live.agentRuns);
    },
    messageUpdated: (message) => {
      const stream = streamOfMessage(message, streamKeys);
      if (stream) dispatch({ type: "incoming", stream, messages: [message] });
    },
    agent: (frame) => {
      if (!runs.handle(frame)) control.handle(frame);
    },
    message: (message) => {
      const stream = streamOfMessage(message, streamKeys);
      if (!stream) return;
      const known = streams.state[stream].messages.some((m) => m.id === message.id);
      dispatch({ type: "incoming", stream, messages: [message] });
      if (!known && message.sender?.id !== me.id) unread.noteIncoming(stream);
    },
    replayDone: (_headSeq, gap) => {
      if (gap) streams.resync();
    },
    acked: (id, timestamp, seq) => {
      sentStreams.current.delete(id);
      dispatch({ type: "acked", id, timestamp, seq });
    },
    sendFailed: (id, error) => {
      const stream = sentStreams.current.get(id);
      sentStreams.current.delete(id);
      // Spec 02 §4: discuss and human streams drop the message; agent and ask-only keep it, marked.
      dispatch({ type: "sendFailed", id, error, remove: stream === "discuss" || stream === "human" });
      if (stream) runs.sendFailed(stream);
      toast.error(t("chat.composer.sendFailed", { error: error || t("chat.composer.unknownError") }));
    },
    shownAsSent: (id) => dispatch({ type: "shownAsSent", id }),
    reactions: (id, reactions) => dispatch({ type: "reactions", id, reactions }),
    likes: (id, likes) => dispatch({ type: "likes", id, likes }),
    renamed: revalidate,
    members: revalidate,
    // The inbox socket moves the user away; this view only stops sending.
    removed: () => {},
    // Errors that failed one of our sends were reported by sendFailed; the rest are only logged.
    serverError: () => {},
  };
  const room = useRoomSocket(chat.id, events);
  socket.current = room;
  const roomSend = room.send;
  const { control: controlState, requestControl } = control;
  const { isBusy, sent } = runs;

  /** Resolves false when the message was not taken (the composer keeps the text). */
  const send = useCallback(
    async (composed: ComposedMessage): Promise<boolean> => {
      if (composed.stream === "agent") {
        const rule = agentSendRule(controlState, me.id);
        if (rule === "heldByOther") {
          toast.error(t("agent.server.heldByOther"), { id: "agent-held" });
          return false;
        }
        // A member's text in the agent tab asks the owner for control instead (docs/agent-api.md).
        if (rule === "request") return requestControl(composed.text, true);
      }
      if ((composed.stream === "agent" || composed.stream === "askOnly") && (await isBusy(composed.stream))) {
        toast.error(t("agent.busy"), { id: "agent-busy" });
        return false;
      }
      const id = newMessageId();
      const outgoing = { id, stream: composed.stream, text: composed.text, attachments: composed.attachments, replyTo: composed.replyTo, createdAt: new Date().toISOString(), agentConfig: composed.agentConfig };
      dispatch({ type: "incoming", stream: composed.stream, messages: [optimisticMessage(chat.id, me, outgoing)] });
      sentStreams.current.set(id, composed.stream);
      roomSend(id, JSON.stringify(buildChatMessageFrame(chat, me, outgoing)));
      sent(composed.stream);
      setFollowSignal((n) => n + 1);
      return true;
    },
    [chat, me, dispatch, roomSend, controlState, requestControl, isBusy, sent, t],
  );

  return { streamKeys, active, setActive, streams, unread, room, send, followSignal, everConnected, runs, control };
}
