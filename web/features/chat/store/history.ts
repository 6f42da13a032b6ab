import { toast } from "../../../ui/toast";
import type { MessagesPage } from "../../../../contract";
import { isCancelError, request } from "../../../app/api/client";
import i18n from "i18next";
import { historyRequest, loadFailedKey } from "../model/streams";
import type { StreamKey } from "../model/types";
import type { StoreCore } from "./core";

export interface History {
  /** Loads each stream's first page, in parallel with the room socket; see `roomReady`. */
  start(): void;
  /** Drops the answers of requests still in flight. */
  stop(): void;
  /** Loads the next older page; resolves true when one arrived. */
  loadOlder(stream: StreamKey): Promise<boolean>;
  /** The room's first `ready`: history loaded before it may have missed messages, re-read it. */
  roomReady(): void;
  /** The room could not replay everything missed: re-read the newest page of every stream. */
  resync(): void;
}

/** The paging of one chat's streams (spec 02 §3 "Pagination per stream"). */
export function createHistory(core: StoreCore): History {
  /** Bumped by every start and stop so answers for a torn-down run are dropped. */
  let generation = 0;
  let readySeen = false;
  /** Streams whose first page was read before the room was ready and must be re-read after. */
  const staleStreams = new Set<StreamKey>();
  const olderInFlight = new Set<StreamKey>();

  const fetchPage = (stream: StreamKey, before: string | null) => {
    const { url, params } = historyRequest(core.chat.id, core.me.id, stream, before);
    return request<MessagesPage>(url, { params, silent: true });
  };

  const refresh = async (stream: StreamKey) => {
    const gen = generation;
    try {
      const page = await fetchPage(stream, null);
      if (gen === generation) core.dispatch({ type: "loadDone", stream, page, mode: "refresh" });
    } catch (error) {
      if (!isCancelError(error)) console.warn("[chat] refreshing messages failed", error);
    }
  };

  const failed = (stream: StreamKey, error: unknown) => {
    core.dispatch({ type: "loadFailed", stream });
    if (!isCancelError(error)) toast.error(i18n.t(loadFailedKey(stream)), { id: `chat-load:${stream}` });
  };

  return {
    start() {
      const gen = ++generation;
      for (const stream of core.streamKeys) {
        const beforeReady = !readySeen;
        core.dispatch({ type: "loadStart", stream });
        fetchPage(stream, null).then(
          (page) => {
            if (gen !== generation) return;
            core.dispatch({ type: "loadDone", stream, page, mode: "initial" });
            if (!beforeReady) return;
            if (readySeen) void refresh(stream);
            else staleStreams.add(stream);
          },
          (error: unknown) => {
            if (gen === generation) failed(stream, error);
          },
        );
      }
    },
    stop() {
      generation += 1;
    },
    async loadOlder(stream) {
      const current = core.state.getState().streams[stream];
      if (!current.loaded || !current.hasMore || !current.nextCursor || olderInFlight.has(stream)) return false;
      olderInFlight.add(stream);
      const gen = generation;
      core.dispatch({ type: "loadStart", stream });
      try {
        const page = await fetchPage(stream, current.nextCursor);
        if (gen !== generation) return false;
        core.dispatch({ type: "loadDone", stream, page, mode: "older" });
        return true;
      } catch (error) {
        if (gen === generation) failed(stream, error);
        return false;
      } finally {
        olderInFlight.delete(stream);
      }
    },
    roomReady() {
      readySeen = true;
      for (const stream of staleStreams) void refresh(stream);
      staleStreams.clear();
    },
    resync() {
      for (const stream of core.streamKeys) void refresh(stream);
    },
  };
}
