import { useCallback, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { ChatListItem, SessionUser } from "../../../../contract";
import { buildChatMessageFrame, newMessageId, optimisticMessage } from "../model/messageFrame";
import type { RoomEvents } from "../model/roomSocket";
import { streamOfMessage, streamsOf } from "../model/streams";
import type { ComposedMessage, StreamKey } from "../model/types";
import { revalidateChat } from "../../../app/realtime/chatListCache";
import { useChatStreams } from "./useChatStreams";
import { useRoomSocket } from "./useRoomSocket";
import { useUnread } from "./useUnread";

/**
 * Everything live about one open chat: its streams and paging, the room socket, sending with
 * acks, and the tab badges.
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

  const [everConnected, setEverConnected] = useState(false);

  const events: RoomEvents = {
    connection: (connected) => {
      if (connected) setEverConnected(true);
    },
    ready: (_headSeq, first) => {
      if (first) streams.roomReady();
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
  const roomSend = room.send;

  const send = useCallback(
    (composed: ComposedMessage) => {
      const id = newMessageId();
      const outgoing = { id, stream: composed.stream, text: composed.text, attachments: composed.attachments, replyTo: composed.replyTo, createdAt: new Date().toISOString() };
      dispatch({ type: "incoming", stream: composed.stream, messages: [optimisticMessage(chat.id, me, outgoing)] });
      sentStreams.current.set(id, composed.stream);
      roomSend(id, JSON.stringify(buildChatMessageFrame(chat, me, outgoing)));
      setFollowSignal((n) => n + 1);
    },
    [chat, me, dispatch, roomSend],
  );

  return { streamKeys, active, setActive, streams, unread, room, send, followSignal, everConnected };
}
