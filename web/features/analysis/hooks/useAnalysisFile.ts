import { useCallback, useEffect, useState } from "react";
import { mutate } from "swr";
import type { AnalysisSource } from "../../../../contract/analysis";
import { analyze, ANALYSIS_KEYS, lookupAnalysis } from "../api";

export interface AnalysisFile {
  fileId: string | null;
  /** The lookup or the analyze call failed: its message ('' for a network failure). */
  error: string | null;
  /** Looks up (and analyses) again after a failure. */
  retry: () => void;
  /** Analyses again from scratch (a failed step's Retry): `refresh: true`. */
  reanalyze: () => Promise<void>;
}

const sourceKey = (source: AnalysisSource | null) =>
  !source ? "" : source.kind === "chat" ? `chat:${source.chatId}:${source.attachmentId}` : `project:${source.projectId}:${source.filePath}`;

/**
 * The analysed file of a source (spec §2.4): looked up first; when the file was never analysed,
 * the analysis starts. The answer's detail seeds the cache, so the viewer shows it without a second call.
 */
export function useAnalysisFile(source: AnalysisSource | null): AnalysisFile {
  const key = sourceKey(source);
  const [state, setState] = useState<{ key: string; fileId: string | null; error: string | null }>({ key: "", fileId: null, error: null });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!source) return;
    let live = true;
    const run = async () => {
      const found = await lookupAnalysis(source);
      if (found.fileId) return found.fileId;
      const detail = await analyze(source);
      await mutate(ANALYSIS_KEYS.detail(detail.fileId), detail, { revalidate: false });
      return detail.fileId;
    };
    run().then(
      (fileId) => live && setState({ key, fileId, error: null }),
      (error: unknown) => live && setState({ key, fileId: null, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
    // The key stands for the source: a new object for the same file must not look it up again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  const current = state.key === key ? state : { fileId: null, error: null };
  const reanalyze = useCallback(async () => {
    if (!source) return;
    const detail = await analyze(source, true);
    await mutate(ANALYSIS_KEYS.detail(detail.fileId), detail, { revalidate: false });
    setState({ key, fileId: detail.fileId, error: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return { fileId: current.fileId, error: current.error, retry: () => setAttempt((n) => n + 1), reanalyze };
}
