import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { ClientFrame } from "../../../../contract";
import { readBearerToken } from "../../../app/api/token";
import { RoomSocket, type RemovedReason, type RoomEvents } from "../model/roomSocket";
import { roomSessionEnded } from "../model/sessionEnded";

export interface RoomConnection {
  /** The room socket is open (the header's status dot). */
  connected: boolean;
  /** Set once the room said we are out (removed, left, dissolved); the socket stays closed. */
  removed: RemovedReason | null;
  /** Sends a serialized chat_message and tracks it until acked. */
  send: (messageId: string, frame: string) => void;
  /** Sends a frame with no ack (pause, presenter requests); false when the socket is not open. */
  sendFrame: (frame: ClientFrame) => boolean;
}

/** One room socket per open chat; `events` may change every render (the latest is called). */
export function useRoomSocket(chatId: string, events: RoomEvents): RoomConnection {
  const latest = useRef(events);
  useLayoutEffect(() => {
    latest.current = events;
  });
  const [connected, setConnected] = useState(false);
  const [removed, setRemoved] = useState<RemovedReason | null>(null);
  const room = useRef<RoomSocket | null>(null);

  useEffect(() => {
    const forward: RoomEvents = {
      connection: (value) => {
        setConnected(value);
        latest.current.connection(value);
      },
      ready: (headSeq, first, live) => latest.current.ready(headSeq, first, live),
      message: (message) => latest.current.message(message),
      messageUpdated: (message) => latest.current.messageUpdated(message),
      agent: (frame) => latest.current.agent(frame),
      replayDone: (headSeq, gap) => latest.current.replayDone(headSeq, gap),
      acked: (id, timestamp, seq) => latest.current.acked(id, timestamp, seq),
      sendFailed: (id, error) => latest.current.sendFailed(id, error),
      shownAsSent: (id) => latest.current.shownAsSent(id),
      reactions: (id, reactions) => latest.current.reactions(id, reactions),
      likes: (id, likes) => latest.current.likes(id, likes),
      renamed: (name) => latest.current.renamed(name),
      members: () => latest.current.members(),
      removed: (reason) => {
        setRemoved(reason);
        latest.current.removed(reason);
      },
      serverError: (error, own) => latest.current.serverError(error, own),
      signedOut: roomSessionEnded,
    };
    const socket = new RoomSocket(chatId, forward, { token: readBearerToken });
    room.current = socket;
    socket.start();
    return () => {
      socket.close();
      if (room.current === socket) room.current = null;
      setConnected(false);
    };
  }, [chatId]);

  const send = useCallback((messageId: string, frame: string) => room.current?.send(messageId, frame), []);
  const sendFrame = useCallback((frame: ClientFrame) => room.current?.sendFrame(frame) ?? false, []);
  return { connected, removed, send, sendFrame };
}
