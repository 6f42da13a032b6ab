import type { EditorView } from "@codemirror/view";
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../../ui/toast";
import { filesFor } from "../../search/fileCache";
import { normalizePath } from "../tabsStore";
import { findFirstReference } from "./firstReference";
import { REFERENCE_CLICK_DEBOUNCE_MS, createClickGuard, openSidePreview } from "./sidePreview";

/** The project's files, to tell a real reference from a word with a dot; null when unknown or cut short. */
async function knownFiles(projectId: string): Promise<ReadonlySet<string> | null> {
  try {
    const list = await filesFor(projectId, false);
    return list.truncated ? null : new Set(list.files.map((f) => normalizePath(f.path)));
  } catch {
    return null;
  }
}

/**
 * 'Open First Reference in Side Preview' (spec 03 §2.3): the first project file the selection (or,
 * without one, the whole document) names opens beside the editor. Repeats within 250 ms are one.
 */
export function useFirstReference(projectId: string, filePath: string): (view: EditorView) => void {
  const { t } = useTranslation();
  const guard = useMemo(() => createClickGuard(REFERENCE_CLICK_DEBOUNCE_MS), []);
  return useCallback(
    (view: EditorView) => {
      guard(() => {
        const range = view.state.selection.main;
        const text = range.empty ? view.state.doc.toString() : view.state.sliceDoc(range.from, range.to);
        void knownFiles(projectId).then((files) => {
          const target = findFirstReference(text, filePath, files);
          if (target) openSidePreview({ projectId, filePath: target.path, line: target.line });
          else toast.info(t("workspaceViewer.sidePreview.noReference"));
        });
      });
    },
    [guard, projectId, filePath, t],
  );
}
