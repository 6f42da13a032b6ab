import { useCallback, useEffect, useMemo, useReducer, useRef } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { MessagesPage } from "../../../../contract";
import { isCancelError, request } from "../../../app/api/client";
import { historyRequest, loadFailedKey } from "../model/streams";
import { initialStreams, streamsReducer, type StreamsAction } from "../model/streamsReducer";
import type { StreamKey, StreamsState } from "../model/types";

export interface ChatStreams {
  state: StreamsState;
  dispatch: (action: StreamsAction) => void;
  /** Loads the next older page; resolves true when one arrived. */
  loadOlder: (stream: StreamKey) => Promise<boolean>;
  /** The room's first `ready`: history loaded before it may have missed messages, re-read it. */
  roomReady: () => void;
  /** The room could not replay everything missed: re-read the newest page of every stream. */
  resync: () => void;
}

/**
 * The message streams of one chat with their paging (spec 02 §3 "Pagination per stream"). Each
 * stream's first page loads at once, in parallel with the room socket; see `roomReady`.
 */
export function useChatStreams(chatId: string, myUserId: string, streams: readonly StreamKey[]): ChatStreams {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(streamsReducer, undefined, initialStreams);
  const stateRef = useRef(state);
  stateRef.current = state;
  /** Bumped by every effect run so answers for a torn-down run are dropped. */
  const generation = useRef(0);
  const readySeen = useRef(false);
  /** Streams whose first page was read before the room was ready and must be re-read after. */
  const staleStreams = useRef(new Set<StreamKey>());
  const olderInFlight = useRef(new Set<StreamKey>());

  const fetchPage = useCallback(
    (stream: StreamKey, before: string | null) => {
      const { url, params } = historyRequest(chatId, myUserId, stream, before);
      return request<MessagesPage>(url, { params, silent: true });
    },
    [chatId, myUserId],
  );

  const refresh = useCallback(
    async (stream: StreamKey) => {
      const gen = generation.current;
      try {
        const page = await fetchPage(stream, null);
        if (gen === generation.current) dispatch({ type: "loadDone", stream, page, mode: "refresh" });
      } catch (error) {
        if (!isCancelError(error)) console.warn("[chat] refreshing messages failed", error);
      }
    },
    [fetchPage],
  );

  const failed = useCallback(
    (stream: StreamKey, error: unknown) => {
      dispatch({ type: "loadFailed", stream });
      if (!isCancelError(error)) toast.error(t(loadFailedKey(stream)), { id: `chat-load:${stream}` });
    },
    [t],
  );

  useEffect(() => {
    const gen = ++generation.current;
    for (const stream of streams) {
      const beforeReady = !readySeen.current;
      dispatch({ type: "loadStart", stream });
      fetchPage(stream, null).then(
        (page) => {
          if (gen !== generation.current) return;
          dispatch({ type: "loadDone", stream, page, mode: "initial" });
          if (!beforeReady) return;
          if (readySeen.current) void refresh(stream);
          else staleStreams.current.add(stream);
        },
        (error: unknown) => {
          if (gen === generation.current) failed(stream, error);
        },
      );
    }
    return () => {
      generation.current += 1;
    };
    // `streams` follows the chat kind, which never changes for a chat id: no dependency.
  }, [fetchPage, refresh, failed]);

  const loadOlder = useCallback(
    async (stream: StreamKey) => {
      const current = stateRef.current[stream];
      if (!current.loaded || !current.hasMore || !current.nextCursor || olderInFlight.current.has(stream)) return false;
      olderInFlight.current.add(stream);
      const gen = generation.current;
      dispatch({ type: "loadStart", stream });
      try {
        const page = await fetchPage(stream, current.nextCursor);
        if (gen !== generation.current) return false;
        dispatch({ type: "loadDone", stream, page, mode: "older" });
        return true;
      } catch (error) {
        if (gen === generation.current) failed(stream, error);
        return false;
      } finally {
        olderInFlight.current.delete(stream);
      }
    },
    [fetchPage, failed],
  );

  const roomReady = useCallback(() => {
    readySeen.current = true;
    for (const stream of staleStreams.current) void refresh(stream);
    staleStreams.current.clear();
  }, [refresh]);

  const resync = useCallback(() => {
    for (const stream of streams) void refresh(stream);
  }, [streams, refresh]);

  return useMemo(() => ({ state, dispatch, loadOlder, roomReady, resync }), [state, loadOlder, roomReady, resync]);
}
