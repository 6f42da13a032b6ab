// The single-file editor (lazy chunk): CodeMirror with highlighting by file name, font size 13,
// Ctrl/Cmd+S, the read-only guard and the selection popup.
import CodeMirror, { EditorView, type ViewUpdate } from "@uiw/react-codemirror";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { selectionLines } from "../selection";
import { behaviourExtensions, contentAttributes, editorTheme, readOnlyExtensions, useLanguage, type EditorBehaviour } from "./editorSetup";
import { SelectionPopup, type SelectionInfo } from "./SelectionPopup";

export interface CodeEditorProps {
  value: string;
  fileName: string;
  readOnly: boolean;
  /** 1-based line to reveal; `revealSeq` changes when the same line must be revealed again. */
  lineNumber: number | null;
  /** The part of that line to select (a search match); null selects the whole line. */
  match?: { column: number; length: number } | null;
  revealSeq: number;
  onChange(value: string): void;
  onSave(): void;
  onReadOnlyAttempt(): void;
  onAddToChat: ((selection: SelectionInfo) => void) | null;
}

const SETUP = { autocompletion: false } as const;

function selectionInfo(view: EditorView, frame: HTMLElement): SelectionInfo | null {
  const range = view.state.selection.main;
  if (range.empty) return null;
  const coords = view.coordsAtPos(range.to) ?? view.coordsAtPos(range.head);
  if (!coords) return null;
  const box = frame.getBoundingClientRect();
  const doc = view.state.doc;
  const to = doc.lineAt(range.to);
  return {
    top: Math.max(0, Math.min(coords.bottom - box.top + 6, box.height - 40)),
    left: Math.max(4, Math.min(coords.left - box.left, box.width - 200)),
    text: view.state.sliceDoc(range.from, range.to),
    lines: selectionLines(doc.lineAt(range.from).number, to.number, range.to - to.from),
  };
}

export default function CodeEditor(props: CodeEditorProps) {
  const { value, fileName, readOnly, lineNumber, match, revealSeq, onChange, onAddToChat } = props;
  const matchColumn = match?.column ?? null;
  const matchLength = match?.length ?? 0;
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<EditorView | null>(null);
  const [selection, setSelection] = useState<SelectionInfo | null>(null);
  const language = useLanguage(fileName);

  const behaviour = useRef<EditorBehaviour>({ readOnly, onSave: props.onSave, onReadOnlyAttempt: props.onReadOnlyAttempt });
  behaviour.current = { readOnly, onSave: props.onSave, onReadOnlyAttempt: props.onReadOnlyAttempt };

  const label = t("workspaceViewer.editor.label", { name: fileName });
  const extensions = useMemo(
    () => [
      editorTheme,
      ...behaviourExtensions(behaviour),
      ...readOnlyExtensions(readOnly),
      contentAttributes(label, "code-editor-content"),
      ...(language ? [language] : []),
    ],
    [readOnly, label, language],
  );

  const onUpdate = useCallback((update: ViewUpdate) => {
    if (!update.selectionSet && !update.docChanged && !update.geometryChanged && !update.focusChanged) return;
    if (!frame.current) return;
    setSelection(selectionInfo(update.view, frame.current));
  }, []);

  useEffect(() => {
    if (!view || !lineNumber) return;
    const doc = view.state.doc;
    const line = doc.line(Math.min(Math.max(1, lineNumber), doc.lines));
    // The match when it still fits the line (the file may have changed since the search), else the line.
    const fits = matchColumn !== null && matchColumn + matchLength <= line.length;
    const anchor = fits ? line.from + matchColumn : line.from;
    const head = fits ? anchor + matchLength : line.to;
    view.dispatch({ selection: { anchor, head }, effects: EditorView.scrollIntoView(anchor, { y: "center" }) });
  }, [view, lineNumber, matchColumn, matchLength, revealSeq]);

  return (
    <div className="wsv-editor" ref={frame} data-testid="code-editor" data-readonly={readOnly || undefined}>
      <CodeMirror
        value={value}
        height="100%"
        theme="light"
        basicSetup={SETUP}
        extensions={extensions}
        onChange={onChange}
        onUpdate={onUpdate}
        onCreateEditor={(created) => setView(created)}
      />
      {selection && <SelectionPopup selection={selection} onAddToChat={onAddToChat} />}
    </div>
  );
}
