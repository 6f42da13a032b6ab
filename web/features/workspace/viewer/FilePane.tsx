import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../ui/toast";
import type { CodingProject, GitStatus } from "../../../../contract/workspace";
import { AnalyzeButton } from "./AnalyzeButton";
import { docKey, isDirty, saveState, useDocumentsStore } from "./documents";
import type { SelectionInfo } from "./editor/SelectionPopup";
import { errorText, useFileContent, useFileDiff } from "./fileApi";
import { fileKind, hasRenderedPreview, isPreviewedKind, type FileKind } from "./fileKinds";
import { ChangedOnDiskNote, LoadError, LoadingCode, SaveStateBadge } from "./FileStates";
import { addFileReference, formatFileReference } from "./fileRefs";
import { statusOf } from "./gitStatus";
import { MediaView, UnsupportedFile } from "./MediaView";
import { HtmlPreview, MarkdownPreview } from "./RenderedPreview";
import { useTabsStore, type ViewerTab } from "./tabsStore";
import type { EditorActions } from "./useEditorActions";

// CodeMirror and its languages load only when a text file is first shown (DESIGN.md §6).
const CodeEditor = lazy(() => import("./editor/CodeEditor"));
const DiffView = lazy(() => import("./editor/DiffView"));

interface FilePaneProps {
  project: CodingProject;
  tab: ViewerTab;
  actions: EditorActions;
  gitStatus: GitStatus;
}

/** The viewer of one file tab, chosen by file kind (spec 03 §2.3). */
export function FilePane(props: FilePaneProps) {
  const { project, tab } = props;
  const kind = fileKind(tab.fileName);
  if (isPreviewedKind(kind)) return <MediaView projectId={project.id} filePath={tab.filePath} fileName={tab.fileName} />;
  if (kind === "binary") return <UnsupportedFile projectId={project.id} filePath={tab.filePath} fileName={tab.fileName} />;
  return <TextFile {...props} kind={kind} />;
}

/**
 * Content reloaded from the server. A user refresh replaces the text; a change on disk (the agent)
 * replaces only a clean document, and over unsaved edits it marks the tab instead.
 */
function takeFresh(key: string, tabId: string, content: string, keepEdits: boolean): void {
  const docs = useDocumentsStore.getState();
  const tabs = useTabsStore.getState();
  const doc = docs.get(key);
  if (keepEdits && isDirty(doc)) {
    if (doc && doc.baseline !== content) tabs.setChangedOnDisk(tabId, true);
    return;
  }
  docs.receive(key, content, true);
  tabs.setChangedOnDisk(tabId, false);
}

type MarkupMode = "source" | "preview";
/** Source/Preview per file, remembered while the app is open. */
const markupModes = new Map<string, MarkupMode>();

function TextFile({ project, tab, actions, gitStatus, kind }: FilePaneProps & { kind: FileKind }) {
  const { t } = useTranslation();
  const key = docKey(project.id, tab.filePath);
  const content = useFileContent(project.id, tab.filePath);
  const diff = useFileDiff(project.id, tab.filePath, tab.diff);
  const doc = useDocumentsStore((s) => s.docs.get(key));
  // A file opened at a line (a search result) shows its source, where the line is.
  const [mode, setMode] = useState<MarkupMode>(() => (tab.lineNumber ? "source" : (markupModes.get(key) ?? (kind === "markdown" ? "preview" : "source"))));
  const [revealed, setRevealed] = useState(tab.revealSeq);
  if (revealed !== tab.revealSeq) {
    setRevealed(tab.revealSeq);
    if (tab.lineNumber) setMode("source");
  }
  const data = content.data;
  const isText = !!data && data.success !== false && data.isText !== false && data.encoding !== "base64" && typeof data.content === "string";

  useEffect(() => {
    if (isText && data) useDocumentsStore.getState().receive(key, data.content);
  }, [key, data, isText]);

  const { mutate: reloadContent } = content;
  const { mutate: reloadDiff } = diff;
  const { shouldRefresh, refreshSeq, keepEdits } = tab;
  useEffect(() => {
    if (!shouldRefresh) return;
    void Promise.all([reloadContent(), tab.diff ? reloadDiff() : undefined])
      .then(([fresh]) => {
        if (fresh && typeof fresh.content === "string") takeFresh(key, tab.id, fresh.content, keepEdits);
      })
      .finally(() => useTabsStore.getState().clearRefresh(tab.id, refreshSeq));
  }, [shouldRefresh, refreshSeq, keepEdits, tab.diff, tab.id, key, reloadContent, reloadDiff]);

  const reloadFromDisk = () => {
    void reloadContent().then((fresh) => {
      if (fresh && typeof fresh.content === "string") takeFresh(key, tab.id, fresh.content, false);
    });
  };
  const keepMine = () => {
    useTabsStore.getState().setChangedOnDisk(tab.id, false);
    actions.saveNow(tab.filePath);
  };

  const readOnly = !actions.canEdit;
  const editorProps = {
    fileName: tab.fileName,
    readOnly,
    onChange: (value: string) => actions.edit(tab.filePath, value),
    onSave: () => actions.saveNow(tab.filePath),
    onReadOnlyAttempt: actions.readOnlyAttempt,
  };

  const chatId = project.chatId;
  const addToChat = chatId
    ? (selection: SelectionInfo) => {
        const ref = addFileReference({
          chatId,
          filePath: tab.filePath,
          fileName: tab.fileName,
          itemType: "file",
          lineRange: selection.lines,
          isGitFile: project.gitInitialized,
          status: statusOf(gitStatus, tab.filePath) ?? "normal",
          content: selection.text,
        });
        toast.success(t("workspaceViewer.editor.addedToChat", { ref: formatFileReference(ref) }));
      }
    : null;

  const failure = content.error ?? (data && data.success === false ? new Error(data.error ?? "") : null);
  if (failure) {
    const gone = diff.data;
    // A deleted file has no working copy; its diff still shows what HEAD had.
    if (tab.diff && gone && gone.original !== null && !gone.existsInWorkingDir) {
      return (
        <Suspense fallback={<LoadingCode />}>
          <DiffView {...editorProps} projectId={project.id} filePath={tab.filePath} original={gone.original} value="" readOnly />
        </Suspense>
      );
    }
    return <LoadError reason={errorText(failure, t("errors.networkAnomaly"))} onRetry={() => void reloadContent()} />;
  }
  if (!data || (tab.diff && !diff.data && !diff.error)) return <LoadingCode />;
  if (!isText) return <UnsupportedFile projectId={project.id} filePath={tab.filePath} fileName={tab.fileName} />;
  if (!doc) return <LoadingCode />;

  const original = diff.data?.original ?? null;
  const showDiff = tab.diff && original !== null && original !== doc.baseline;
  const markup = hasRenderedPreview(kind);
  const showPreview = markup && mode === "preview";
  const chooseMode = (next: MarkupMode) => {
    markupModes.set(key, next);
    setMode(next);
  };

  return (
    <div className="wsv-file">
      <div className="wsv-toolbar">
        <span className="wsv-toolbar__path" title={tab.filePath}>
          {tab.filePath}
        </span>
        {markup && (
          <div className="wsv-toggle" role="group" aria-label={t("workspaceViewer.file.viewMode")}>
            {(["source", "preview"] as const).map((option) => (
              <button key={option} type="button" aria-pressed={mode === option} onClick={() => chooseMode(option)} data-testid={`markup-${option}`}>
                {t(`workspaceViewer.file.${option}`)}
              </button>
            ))}
          </div>
        )}
        <AnalyzeButton projectId={project.id} filePath={tab.filePath} fileName={tab.fileName} />
        <SaveStateBadge state={saveState(doc)} readOnly={readOnly} />
      </div>
      {tab.changedOnDisk && <ChangedOnDiskNote onReload={reloadFromDisk} onKeep={keepMine} />}
      <div className="wsv-file__body">
        {showPreview && kind === "markdown" && <MarkdownPreview text={doc.draft} />}
        {showPreview && kind === "html" && <HtmlPreview html={doc.draft} fileName={tab.fileName} />}
        {!showPreview && (
          <Suspense fallback={<LoadingCode />}>
            {showDiff ? (
              <DiffView {...editorProps} projectId={project.id} filePath={tab.filePath} original={original} value={doc.draft} />
            ) : (
              <CodeEditor
                {...editorProps}
                projectId={project.id}
                filePath={tab.filePath}
                value={doc.draft}
                lineNumber={tab.lineNumber}
                match={tab.match}
                revealSeq={tab.revealSeq}
                onAddToChat={addToChat}
              />
            )}
          </Suspense>
        )}
      </div>
    </div>
  );
}
