import ReconnectingWebSocket from "partysocket/ws";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { CLOSE_FRAME_FLOOD, CLOSE_SIGNED_OUT, PING_TEXT } from "../../../contract";
import { handleUnauthorized } from "../api/client";
import { readBearerToken } from "../api/token";
import { revalidateChatList } from "./chatListCache";
import { deliverInboxMessage, type InboxListener } from "./inboxFrames";
import { inboxUrl } from "./inboxUrl";

export type InboxStatus = "connecting" | "connected" | "disconnected";
export type { InboxListener };

interface InboxContextValue {
  status: InboxStatus;
  /** Adds a listener for every frame; returns the function that removes it. */
  subscribe: (listener: InboxListener) => () => void;
}

const InboxContext = createContext<InboxContextValue>({ status: "disconnected", subscribe: () => () => {} });

/** A ping every 25 s keeps proxies from dropping an idle socket; no answer in 10 s means it is dead. */
const PING_EVERY_MS = 25_000;
const PONG_WAIT_MS = 10_000;
/** After a flood close (4008) the inbox waits this long before one quiet retry. */
const FLOOD_RETRY_MS = 30_000;

/**
 * The user's global real-time connection (one per tab): chat-list events that are not tied to the
 * open chat. The socket reconnects on its own; after a gap the list is reloaded, since events sent
 * while disconnected are not replayed.
 */
export function InboxProvider({ children, enabled = true }: { children: ReactNode; enabled?: boolean }) {
  const [status, setStatus] = useState<InboxStatus>(enabled ? "connecting" : "disconnected");
  const listeners = useRef(new Set<InboxListener>());

  useEffect(() => {
    if (!enabled) return;
    const socket = new ReconnectingWebSocket(() => inboxUrl(window.location, readBearerToken()), undefined, {
      maxReconnectionDelay: 15_000,
      minReconnectionDelay: 1_000,
    });
    let opened = 0;
    let pongTimer: ReturnType<typeof setTimeout> | undefined;

    const onOpen = () => {
      opened += 1;
      setStatus("connected");
      if (opened > 1) void revalidateChatList();
    };
    let floodRetry: ReturnType<typeof setTimeout> | undefined;
    const onClose = (event: CloseEvent) => {
      clearTimeout(pongTimer);
      setStatus("disconnected");
      // The session ended (signed out elsewhere, expired, revoked): reconnecting would only earn 401s.
      if (event.code === CLOSE_SIGNED_OUT) {
        socket.close(1000, "signed out");
        handleUnauthorized();
      }
      // Too many frames: back off instead of reconnecting at once into the same budget.
      if (event.code === CLOSE_FRAME_FLOOD && !floodRetry) {
        socket.close(1000, "flood");
        floodRetry = setTimeout(() => {
          floodRetry = undefined;
          socket.reconnect();
        }, FLOOD_RETRY_MS);
      }
    };
    const onMessage = (event: MessageEvent) => {
      clearTimeout(pongTimer);
      deliverInboxMessage(event.data, listeners.current);
    };
    socket.addEventListener("open", onOpen);
    socket.addEventListener("close", onClose);
    socket.addEventListener("message", onMessage);

    const ping = setInterval(() => {
      if (socket.readyState !== socket.OPEN) return;
      // Exactly PING_TEXT: the inbox lets the platform answer it without waking up.
      socket.send(PING_TEXT);
      clearTimeout(pongTimer);
      pongTimer = setTimeout(() => socket.reconnect(), PONG_WAIT_MS);
    }, PING_EVERY_MS);

    return () => {
      clearInterval(ping);
      clearTimeout(pongTimer);
      clearTimeout(floodRetry);
      socket.removeEventListener("open", onOpen);
      socket.removeEventListener("close", onClose);
      socket.removeEventListener("message", onMessage);
      socket.close(1000, "tab closed");
    };
  }, [enabled]);

  const subscribe = useCallback((listener: InboxListener) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);
  const value = useMemo<InboxContextValue>(() => ({ status: enabled ? status : "disconnected", subscribe }), [status, enabled, subscribe]);
  return <InboxContext.Provider value={value}>{children}</InboxContext.Provider>;
}

export function useInbox(): InboxContextValue {
  return useContext(InboxContext);
}

/** Runs `handler` for every inbox frame while the component is mounted (the latest handler is used). */
export function useInboxFrames(handler: InboxListener): void {
  const { subscribe } = useInbox();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => subscribe((frame) => latest.current(frame)), [subscribe]);
}
