import { EditorSelection } from "@codemirror/state";
import type { EditorView } from "@codemirror/view";
import { useEffect } from "react";
import { editorViewStates, type EditorViewState, type ViewKind } from "../viewState";

/** The cursor of `view`, and the scroll of `scroller` (the editor's own, or the pane around a diff). */
function positionOf(view: EditorView, scroller: HTMLElement) {
  const { anchor, head } = view.state.selection.main;
  return { anchor, head, scrollTop: scroller.scrollTop, scrollLeft: scroller.scrollLeft };
}

/**
 * Puts a saved place back: the selection at once (clamped: the text may have changed since), the
 * scroll on the next frame, after CodeMirror has measured the lines. Answers a cancel for the frame.
 */
function restore(view: EditorView, scroller: HTMLElement, saved: EditorViewState, done: () => void): () => void {
  const length = view.state.doc.length;
  view.dispatch({ selection: EditorSelection.single(Math.min(saved.anchor, length), Math.min(saved.head, length)) });
  const frame = requestAnimationFrame(() => {
    scroller.scrollTop = saved.scrollTop;
    scroller.scrollLeft = saved.scrollLeft;
    done();
  });
  return () => cancelAnimationFrame(frame);
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
    const cancel = saved ? restore(view, view.scrollDOM, saved, () => {}) : () => {};
    // Not on unmount: by then the editor has left the page and its scroller reads 0.
    const remember = () => store.set(projectId, filePath, positionOf(view, view.scrollDOM));
    view.scrollDOM.addEventListener("scroll", remember, { passive: true });
    return () => {
      cancel();
      view.scrollDOM.removeEventListener("scroll", remember);
    };
    // Restored once per editor and file; a reveal requested later does not undo that.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view, projectId, filePath]);
}

/** For the editor's update listener: a moved cursor or selection is remembered at once. */
export function rememberSelection(view: EditorView, projectId: string, filePath: string): void {
  editorViewStates().set(projectId, filePath, positionOf(view, view.scrollDOM));
}

export interface DiffPlace {
  /** For the working side's update listener: a moved cursor is remembered. */
  remember(): void;
  stop(): void;
}

/**
 * The side-by-side diff's place, kept apart from the single editor's (collapsed unchanged lines
 * make other heights): the working side's cursor and the scroll of the pane holding both sides,
 * which scroll together. Restored each time the diff is built, under the store's rules (7 days,
 * 1000 entries).
 */
export function keepDiffPlace(working: EditorView, scroller: HTMLElement, projectId: string, filePath: string): DiffPlace {
  const store = editorViewStates();
  const saved = store.get(projectId, filePath, "diff");
  // Until the saved scroll is back, what the pane reads (0) is not a place to keep.
  let restoring = saved !== null;
  const cancel = saved ? restore(working, scroller, saved, () => (restoring = false)) : () => {};
  const remember = () => {
    if (!restoring) store.set(projectId, filePath, positionOf(working, scroller), "diff");
  };
  scroller.addEventListener("scroll", remember, { passive: true });
  return {
    remember,
    stop() {
      cancel();
      scroller.removeEventListener("scroll", remember);
    },
  };
}
