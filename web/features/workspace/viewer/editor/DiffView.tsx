// Side-by-side diff, HEAD on the left and the working directory on the right (lazy chunk). The
// right side is the same document as the single editor: edits, saving and the read-only guard work.
import { MergeView } from "@codemirror/merge";
import { EditorState } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { basicSetup } from "@uiw/react-codemirror";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { keepDiffPlace, type DiffPlace } from "./useViewState";
import { behaviourExtensions, contentAttributes, editorTheme, readOnlyExtensions, useLanguage, type EditorBehaviour } from "./editorSetup";

export interface DiffViewProps {
  /** The file: its place in the diff is remembered per project and path. */
  projectId: string;
  filePath: string;
  original: string;
  value: string;
  fileName: string;
  readOnly: boolean;
  onChange(value: string): void;
  onSave(): void;
  onReadOnlyAttempt(): void;
}

const SETUP = { autocompletion: false } as const;

export default function DiffView(props: DiffViewProps) {
  const { original, value, fileName, readOnly, projectId, filePath } = props;
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const merge = useRef<MergeView | null>(null);
  const place = useRef<DiffPlace | null>(null);
  const language = useLanguage(fileName);

  const behaviour = useRef<EditorBehaviour>({ readOnly, onSave: props.onSave, onReadOnlyAttempt: props.onReadOnlyAttempt });
  behaviour.current = { readOnly, onSave: props.onSave, onReadOnlyAttempt: props.onReadOnlyAttempt };
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  const latest = useRef(value);
  latest.current = value;

  const headLabel = t("workspaceViewer.editor.head");
  const workingLabel = t("workspaceViewer.editor.workingDirectory");

  useEffect(() => {
    if (!host.current) return;
    const common = [basicSetup(SETUP), editorTheme, ...(language ? [language] : [])];
    const view = new MergeView({
      a: {
        doc: original,
        extensions: [...common, EditorState.readOnly.of(true), EditorView.editable.of(false), contentAttributes(headLabel, "diff-original")],
      },
      b: {
        doc: latest.current,
        extensions: [
          ...common,
          ...behaviourExtensions(behaviour),
          ...readOnlyExtensions(readOnly),
          contentAttributes(workingLabel, "code-editor-content"),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChange.current(update.state.doc.toString());
            if (update.selectionSet) place.current?.remember();
          }),
        ],
      },
      parent: host.current,
      gutter: true,
      highlightChanges: true,
      collapseUnchanged: { margin: 3, minSize: 6 },
    });
    merge.current = view;
    place.current = keepDiffPlace(view.b, host.current, projectId, filePath);
    return () => {
      place.current?.stop();
      place.current = null;
      view.destroy();
      merge.current = null;
    };
  }, [original, language, readOnly, headLabel, workingLabel, projectId, filePath]);

  // A reload from outside (refresh, checkout) replaces the right side's text.
  useEffect(() => {
    const b = merge.current?.b;
    if (b && b.state.doc.toString() !== value) b.dispatch({ changes: { from: 0, to: b.state.doc.length, insert: value } });
  }, [value]);

  return (
    <div className="wsv-diff" data-testid="diff-view" role="group" aria-label={t("workspaceViewer.editor.diffLabel", { name: fileName })}>
      <div className="wsv-diff__labels" aria-hidden="true">
        <span>{headLabel}</span>
        <span>{workingLabel}</span>
      </div>
      <div className="wsv-diff__body" ref={host} data-testid="code-editor" data-readonly={readOnly || undefined} />
    </div>
  );
}
