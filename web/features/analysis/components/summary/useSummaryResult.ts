import type { AnalysisFileDetail, SummaryResult } from "../../../../../contract/analysis";
import { useSummary } from "../../api";

export interface SummaryState {
  result: SummaryResult | null;
  loading: boolean;
  failed: boolean;
  retry: () => void;
  /** The id feedback on the summary, mind map and insights is filed under. */
  taskId: string | null;
}

/** The summary result the Summary, Mindmap, Aha and DeepResearch modes read (one request, shared through SWR). */
export function useSummaryResult(detail: AnalysisFileDetail): SummaryState {
  const summary = useSummary(detail.summaryStatus === 2 ? detail.summaryId : null);
  return {
    result: summary.data?.result ?? null,
    loading: !summary.data && !summary.error,
    failed: !!summary.error && !summary.data,
    retry: () => void summary.mutate(),
    taskId: detail.summaryTaskId ?? detail.summaryId,
  };
}
