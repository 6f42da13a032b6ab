import { EditorSelection } from "@codemirror/state";
import type { EditorView } from "@codemirror/view";
import { useEffect } from "react";
import { editorViewStates } from "../viewState";

function positionOf(view: EditorView) {
  const { anchor, head } = view.state.selection.main;
  return { anchor, head, scrollTop: view.scrollDOM.scrollTop, scrollLeft: view.scrollDOM.scrollLeft };
}

/**
 * Puts the cursor, selection and scroll back where they were when this file was last open, and
 * remembers them as they change (spec 03 §7.6 editor view states). A file opened at a line (a
 * search result, a reference) goes to that line instead.
 */
export function useViewState(view: EditorView | null, projectId: string, filePath: string, revealsLine: boolean): void {
  useEffect(() => {
    if (!view) return;
    const store = editorViewStates();
    const saved = revealsLine ? null : store.get(projectId, filePath);
    let frame = 0;
    if (saved) {
      // The text may have changed since: positions beyond its end land at the end.
      const length = view.state.doc.length;
      view.dispatch({ selection: EditorSelection.single(Math.min(saved.anchor, length), Math.min(saved.head, length)) });
      // After CodeMirror has measured the lines; they do not wrap, so the heights are exact.
      frame = requestAnimationFrame(() => {
        view.scrollDOM.scrollTop = saved.scrollTop;
        view.scrollDOM.scrollLeft = saved.scrollLeft;
      });
    }
    // Not on unmount: by then the editor has left the page and its scroller reads 0.
    const remember = () => store.set(projectId, filePath, positionOf(view));
    view.scrollDOM.addEventListener("scroll", remember, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      view.scrollDOM.removeEventListener("scroll", remember);
    };
    // Restored once per editor and file; a reveal requested later does not undo that.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view, projectId, filePath]);
}

/** For the editor's update listener: a moved cursor or selection is remembered at once. */
export function rememberSelection(view: EditorView, projectId: string, filePath: string): void {
  editorViewStates().set(projectId, filePath, positionOf(view));
}
