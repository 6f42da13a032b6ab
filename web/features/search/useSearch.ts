import { useCallback, useEffect, useRef, useState } from "react";
import { SEARCH_DEBOUNCE_MS, SEARCH_MAX_QUERY_CHARS, type SearchAnswer } from "../../../contract";
import { addToSearchHistory, clearSearchHistory, readSearchHistory } from "./history";
import { fetchSearch, hasAnyResult, withMoreMessages, type SearchSort } from "./searchApi";

/** Spec 01 §4: empty, then typed (debounced), then loading, then results, no results, or error with Retry. */
export type SearchStatus = "empty" | "typed" | "loading" | "results" | "none" | "error";

export interface MoreState {
  loading: boolean;
  failed: boolean;
}

const IDLE_MORE: MoreState = { loading: false, failed: false };

/** The dialog's search: the field, the debounce, the answer, paging of messages and the history chips. */
export function useSearch() {
  const [input, setInputValue] = useState("");
  const [sort, setSortValue] = useState<SearchSort>("newest");
  const [status, setStatus] = useState<SearchStatus>("empty");
  const [answer, setAnswer] = useState<SearchAnswer | null>(null);
  const [history, setHistory] = useState<string[]>(readSearchHistory);
  const [more, setMore] = useState<MoreState>(IDLE_MORE);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** Bumped by every search and reset, so a slower earlier answer never replaces a newer one. */
  const runId = useRef(0);
  const last = useRef<{ query: string; sort: SearchSort } | null>(null);

  const stopTimer = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => stopTimer, []);

  const run = useCallback(async (text: string, nextSort: SearchSort) => {
    stopTimer();
    const query = text.trim().slice(0, SEARCH_MAX_QUERY_CHARS);
    const id = ++runId.current;
    if (!query) {
      setStatus("empty");
      return;
    }
    last.current = { query, sort: nextSort };
    setStatus("loading");
    setMore(IDLE_MORE);
    setHistory(addToSearchHistory(query));
    try {
      const data = await fetchSearch(query, nextSort);
      if (id !== runId.current) return;
      setAnswer(data);
      setStatus(hasAnyResult(data) ? "results" : "none");
    } catch {
      if (id === runId.current) setStatus("error");
    }
  }, []);

  const setInput = useCallback(
    (value: string) => {
      setInputValue(value);
      stopTimer();
      if (!value.trim()) {
        runId.current += 1;
        last.current = null;
        setAnswer(null);
        setStatus("empty");
        return;
      }
      setStatus("typed");
      timer.current = setTimeout(() => void run(value, sort), SEARCH_DEBOUNCE_MS);
    },
    [run, sort],
  );

  /** Enter: no waiting for the debounce. */
  const submit = useCallback(() => void run(input, sort), [run, input, sort]);

  const setSort = useCallback(
    (next: SearchSort) => {
      setSortValue(next);
      if (input.trim()) void run(input, next);
    },
    [run, input],
  );

  const retry = useCallback(() => {
    if (last.current) void run(last.current.query, last.current.sort);
  }, [run]);

  const searchFor = useCallback(
    (query: string) => {
      setInputValue(query);
      void run(query, sort);
    },
    [run, sort],
  );

  const loadMore = useCallback(async () => {
    const cursor = answer?.nextCursor;
    const current = last.current;
    if (!cursor || !current || more.loading) return;
    const id = runId.current;
    setMore({ loading: true, failed: false });
    try {
      const page = await fetchSearch(current.query, current.sort, "messages", cursor);
      if (id !== runId.current) return;
      setAnswer((prev) => (prev ? withMoreMessages(prev, page) : prev));
      setMore(IDLE_MORE);
    } catch {
      if (id === runId.current) setMore({ loading: false, failed: true });
    }
  }, [answer, more.loading]);

  const clearHistory = useCallback(() => {
    clearSearchHistory();
    setHistory([]);
  }, []);

  /** Closing the dialog forgets the search (the history stays). */
  const reset = useCallback(() => {
    stopTimer();
    runId.current += 1;
    last.current = null;
    setInputValue("");
    setAnswer(null);
    setStatus("empty");
    setMore(IDLE_MORE);
    setHistory(readSearchHistory());
  }, []);

  return { input, setInput, submit, sort, setSort, status, answer, retry, more, loadMore, history, searchFor, clearHistory, reset };
}

export type SearchModel = ReturnType<typeof useSearch>;
