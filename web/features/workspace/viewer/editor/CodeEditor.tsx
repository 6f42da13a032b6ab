// The single-file editor (lazy chunk): CodeMirror with highlighting by file name, font size 13,
// Ctrl/Cmd+S, the read-only guard, the selection popup, the right-click menu with 'Open First
// Reference in Side Preview', the markdown hover menu for markdown files, and the file's last
// cursor and scroll restored.
import CodeMirror, { EditorView, type ViewUpdate } from "@uiw/react-codemirror";
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { docKey, useDocumentsStore } from "../documents";
import { fileKind } from "../fileKinds";
import { selectionLines } from "../selection";
import { EditorContextMenu } from "./EditorContextMenu";
import { behaviourExtensions, contentAttributes, editorTheme, readOnlyExtensions, useLanguage, type EditorBehaviour } from "./editorSetup";
import { MarkdownMenu, useTouchOnly } from "./MarkdownMenu";
import { SelectionPopup, type SelectionInfo } from "./SelectionPopup";
import { useFirstReference } from "./useFirstReference";
import { useMarkdownTools } from "./useMarkdownTools";
import { rememberSelection, useViewState } from "./useViewState";

export interface CodeEditorProps {
  projectId: string;
  filePath: string;
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

/** Where a context menu opened from the keyboard (no pointer position) appears: at the cursor. */
function menuPosition(view: EditorView, event: MouseEvent): { x: number; y: number } {
  if (event.clientX || event.clientY) return { x: event.clientX, y: event.clientY };
  const coords = view.coordsAtPos(view.state.selection.main.head);
  return coords ? { x: coords.left, y: coords.bottom } : { x: 0, y: 0 };
}

export default function CodeEditor(props: CodeEditorProps) {
  const { projectId, filePath, value, fileName, readOnly, lineNumber, match, revealSeq, onChange, onAddToChat } = props;
  const matchColumn = match?.column ?? null;
  const matchLength = match?.length ?? 0;
  const { t } = useTranslation();
  const area = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const [view, setView] = useState<EditorView | null>(null);
  const [selection, setSelection] = useState<SelectionInfo | null>(null);
  const [menu, setMenu] = useState<{ x: number; y: number } | null>(null);
  const language = useLanguage(fileName);
  const markdown = fileKind(fileName) === "markdown";
  const touch = useTouchOnly();
  const openFirstReference = useFirstReference(projectId, filePath);
  const dismissMenu = useCallback(() => setMenu(null), []);

  const behaviour = useRef<EditorBehaviour>({ readOnly, onSave: props.onSave, onReadOnlyAttempt: props.onReadOnlyAttempt });
  behaviour.current = { readOnly, onSave: props.onSave, onReadOnlyAttempt: props.onReadOnlyAttempt };

  const tools = useMarkdownTools({
    view: viewRef,
    readOnly,
    onReadOnlyAttempt: props.onReadOnlyAttempt,
    appendToDocument: (text) => {
      const draft = useDocumentsStore.getState().get(docKey(projectId, filePath))?.draft ?? value;
      onChange(`${draft}${draft.endsWith("\n") || !draft ? "" : "\n"}${text}\n`);
    },
  });

  const label = t("workspaceViewer.editor.label", { name: fileName });
  const extensions = useMemo(
    () => [
      editorTheme,
      ...behaviourExtensions(behaviour),
      ...readOnlyExtensions(readOnly),
      contentAttributes(label, "code-editor-content"),
      ...(language ? [language] : []),
      ...(markdown ? [tools.keys] : []),
    ],
    [readOnly, label, language, markdown, tools.keys],
  );

  const onUpdate = useCallback(
    (update: ViewUpdate) => {
      if (update.selectionSet) rememberSelection(update.view, projectId, filePath);
      if (!update.selectionSet && !update.docChanged && !update.geometryChanged && !update.focusChanged) return;
      if (!frame.current) return;
      setSelection(selectionInfo(update.view, frame.current));
    },
    [projectId, filePath],
  );

  useViewState(view, projectId, filePath, lineNumber !== null);

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

  const onContextMenu = (event: MouseEvent) => {
    // Shift+right-click keeps the browser's menu (spelling, paste).
    if (!view || event.shiftKey) return;
    event.preventDefault();
    setMenu(menuPosition(view, event));
  };

  return (
    <div className="wsv-editor-frame" ref={area}>
      {markdown && touch && !readOnly && <MarkdownMenu area={area} touch uploading={tools.uploading} onAction={tools.run} />}
      <div className="wsv-editor" ref={frame} data-testid="code-editor" data-readonly={readOnly || undefined} onContextMenu={onContextMenu}>
        <CodeMirror
          value={value}
          height="100%"
          theme="light"
          basicSetup={SETUP}
          extensions={extensions}
          onChange={onChange}
          onUpdate={onUpdate}
          onCreateEditor={(created) => {
            viewRef.current = created;
            setView(created);
          }}
        />
        {selection && <SelectionPopup selection={selection} onAddToChat={onAddToChat} />}
      </div>
      {markdown && !touch && !readOnly && <MarkdownMenu area={area} touch={false} uploading={tools.uploading} onAction={tools.run} />}
      {markdown && tools.fileInput}
      {menu && view && (
        <EditorContextMenu
          x={menu.x}
          y={menu.y}
          onDismiss={dismissMenu}
          onAction={() => {
            openFirstReference(view);
            view.focus();
          }}
        />
      )}
    </div>
  );
}
