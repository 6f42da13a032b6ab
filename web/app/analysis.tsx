// The file analysis viewer for the parts of the app that open it (the workspace's viewer tabs, a
// chat attachment's Analyze; the shared report page is a route of its own). The viewer, its markdown, Mermaid and the
// file preview arrive the first time it is shown: nothing of it weighs on the first page.
import { ANALYSIS_AUDIO_EXTENSIONS, ANALYSIS_DOCUMENT_EXTENSIONS, ANALYSIS_MAX_BYTES, ANALYSIS_VIDEO_EXTENSIONS } from "../../contract/analysis";
import type { AnalysisSource } from "../../contract/analysis";
import { LazyBoundary, lazyComponent, lazyDialog } from "../ui/lazy";

const LazyViewer = lazyComponent<{ source: AnalysisSource | null; fileName?: string }>(() =>
  import("../features/analysis/AnalysisViewer").then((m) => m.default),
);

/** Starts loading the viewer ahead of a click (hover or focus on an Analyze button). */
export const preloadAnalysisViewer = LazyViewer.preload;

/** The viewer as a panel (a workspace tab). */
export function AnalysisPanel(props: { source: AnalysisSource | null; fileName?: string }) {
  return (
    <LazyBoundary variant="panel">
      <LazyViewer {...props} />
    </LazyBoundary>
  );
}

/** The viewer as a dialog over the chat. */
export const AnalysisDialog = lazyDialog(() => import("../features/analysis/AnalysisDialog").then((m) => m.default));

const ANALYZABLE = new Set<string>([...ANALYSIS_AUDIO_EXTENSIONS, ...ANALYSIS_VIDEO_EXTENSIONS, ...ANALYSIS_DOCUMENT_EXTENSIONS]);

/** Whether a file can be analysed (spec 03 §2.4: recordings, pdf, docx, txt, md), judged from its name and size. */
export function isAnalyzable(fileName: string, size?: number | null): boolean {
  const dot = fileName.lastIndexOf(".");
  const ext = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : "";
  return ANALYZABLE.has(ext) && (size === undefined || size === null || size <= ANALYSIS_MAX_BYTES);
}
