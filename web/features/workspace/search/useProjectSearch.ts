import { useEffect, useRef, useState } from "react";
import { onWorkspaceChanged } from "../../../app/realtime/workspaceEvents";
import { useDebouncedValue } from "../../../ui/useDebouncedValue";
import { forgetFiles, loadFiles } from "./fileCache";
import { runProjectSearch, type SearchFailure } from "./runSearch";
import { DEFAULT_OPTIONS, NO_GROUPS, PROJECT_SEARCH, SCOPES, type SearchGroups, type SearchOptions } from "./searchModel";

export type SearchPhase = "idle" | "short" | "noScope" | "loading" | "done";

export interface ProjectSearchState {
  query: string;
  setQuery(query: string): void;
  options: SearchOptions;
  setOptions(update: (options: SearchOptions) => SearchOptions): void;
  phase: SearchPhase;
  /** The query the shown groups answer (they stay while a newer search runs). */
  searched: string;
  groups: SearchGroups;
  failure: SearchFailure | null;
  partial: boolean;
}

interface Answer {
  searched: string;
  groups: SearchGroups;
  failure: SearchFailure | null;
  partial: boolean;
}
const NO_ANSWER: Answer = { searched: "", groups: NO_GROUPS, failure: null, partial: false };

/** The options stay as the user left them while the app is open. */
let remembered: SearchOptions = DEFAULT_OPTIONS;

/** Back to the default options (a new session; tests). */
export function forgetSearchOptions(): void {
  remembered = DEFAULT_OPTIONS;
}

/**
 * The search bar's state: the query and options, debounced 300 ms (spec 02 §5, §9); only the
 * newest search's answer is shown. While `active` (the bar is open) the file list reloads once,
 * and the agent's changes to this project drop it.
 */
export function useProjectSearch(projectId: string | null, active: boolean): ProjectSearchState {
  const [query, setQuery] = useState("");
  const [options, setOptionsState] = useState<SearchOptions>(remembered);
  const [answer, setAnswer] = useState<Answer>(NO_ANSWER);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);

  const trimmed = query.trim();
  const noScope = !SCOPES.some((scope) => options.scopes[scope]);
  const typed = JSON.stringify([trimmed, options]);
  const key = useDebouncedValue(typed, PROJECT_SEARCH.debounceMs);

  useEffect(() => {
    if (!active || !projectId) return;
    // Whatever changed on disk since the list was cached shows up in this session's searches.
    loadFiles(projectId, remembered.includeHidden).catch(() => undefined);
    return onWorkspaceChanged((frame) => {
      if (frame.projectId === projectId) forgetFiles(projectId);
    });
  }, [active, projectId]);

  useEffect(() => {
    if (!active || !projectId) return;
    const [q, opts] = JSON.parse(key) as [string, SearchOptions];
    const mine = ++seq.current;
    if (q.length < PROJECT_SEARCH.minChars || !SCOPES.some((scope) => opts.scopes[scope])) {
      setAnswer(NO_ANSWER);
      setLoading(false);
      return;
    }
    setLoading(true);
    runProjectSearch(projectId, q, opts).then(
      (outcome) => {
        if (seq.current !== mine) return;
        setAnswer({ searched: q, ...outcome });
        setLoading(false);
      },
      () => {
        // Only a request replaced by an identical newer one lands here; that one answers.
      },
    );
  }, [key, active, projectId]);

  const short = trimmed.length < PROJECT_SEARCH.minChars;
  // Until the debounce lets the typed query through, the answer shown is an older one.
  const waiting = loading || key !== typed;
  const phase: SearchPhase = trimmed.length === 0 ? "idle" : short ? "short" : noScope ? "noScope" : waiting ? "loading" : "done";
  return {
    query,
    setQuery,
    options,
    setOptions: (update) =>
      setOptionsState((current) => {
        remembered = update(current);
        return remembered;
      }),
    phase,
    searched: answer.searched,
    groups: short || noScope ? NO_GROUPS : answer.groups,
    failure: short || noScope ? null : answer.failure,
    partial: !short && !noScope && answer.partial,
  };
}
