import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FileNode } from "../../../../contract";
import { Button } from "../../../ui/Button";
import { Spinner } from "../../../ui/Spinner";
import { useGitStatus } from "../api";
import { FALLBACK_STATUS, readSectionHeight } from "../git/gitModel";
import { GitSection } from "../git/GitSection";
import { useAgentChanges } from "../layout/useAgentChanges";
import { viewer } from "../layout/viewerBridge";
import { useWorkspace } from "../layout/WorkspaceContext";
import { ExplorerHeader } from "./ExplorerHeader";
import { FileTree } from "./FileTree";
import { SectionResizer } from "./SectionResizer";
import { statusIndex, uploadFolder, visibleRows, type TreeRow } from "./treeModel";
import { useFileTree } from "./useFileTree";
import { useTransfers } from "./useTransfers";
import { CloseIcon } from "../../../ui/icons";

interface ExplorerPanelProps {
  onCollapse: () => void;
}

/** The project explorer, titled 'Contents' (spec 03 §2.2): actions, filter, lazy tree, git section. */
export function ExplorerPanel({ onCollapse }: ExplorerPanelProps) {
  const { t } = useTranslation();
  const { project, config, loading } = useWorkspace();
  const projectId = project?.id ?? null;
  const tree = useFileTree(projectId);
  useAgentChanges(projectId, tree.refresh);
  const git = useGitStatus(projectId);
  const gitFailed = !!git.error || (git.data !== undefined && !git.data.success);
  const status = git.data?.success ? git.data.status : FALLBACK_STATUS;
  const [showHidden, setShowHidden] = useState(false);
  const [query, setQuery] = useState("");
  const [selected, setSelected] = useState<FileNode | null>(null);
  const [gitHeight, setGitHeight] = useState(readSectionHeight);

  const statuses = useMemo(() => statusIndex(status.files), [status.files]);
  const rows = useMemo(
    () => visibleRows(tree.folders, tree.expanded, { showHidden, query, statuses }),
    [tree.folders, tree.expanded, showHidden, query, statuses],
  );
  const root = tree.folders[""];

  const refreshAll = () => {
    void tree.refresh();
    void git.mutate();
  };
  const transfers = useTransfers(projectId, refreshAll);
  const [configProblem, setConfigProblem] = useState<string | null>(null);

  const upload = (files: File[]) => {
    if (!config) return setConfigProblem(t("workspace.explorer.configFailed"));
    if (!config.sandbox.available) return setConfigProblem(t("workspace.explorer.sandboxUnavailable"));
    setConfigProblem(null);
    void transfers.upload(uploadFolder(selected), files);
  };

  const onSelect = (row: TreeRow) => {
    setSelected(row.node);
    if (row.node.type === "directory") tree.toggle(row.node.path);
    else if (projectId) viewer.open(projectId, row.node.path);
  };

  if (!project) {
    return (
      <section className="ws-explorer" aria-label={t("workspace.explorer.title")} data-testid="explorer">
        {loading ? (
          <p className="muted ws-explorer__state" role="status">
            <Spinner size={14} /> {t("workspace.loadingProject")}
          </p>
        ) : (
          <p className="empty-state">{t("workspace.explorer.noProject")}</p>
        )}
      </section>
    );
  }

  const uploadError = configProblem ?? transfers.uploadError;
  return (
    <section className="ws-explorer" aria-label={t("workspace.explorer.title")} data-testid="explorer">
      <ExplorerHeader
        canUpload={!!config?.permissions.canUpload}
        uploading={transfers.uploading}
        uploadFolder={uploadFolder(selected)}
        showHidden={showHidden}
        refreshing={!!root?.loading && !!root.children}
        canDownload={!!root?.children}
        onRefresh={refreshAll}
        onUpload={upload}
        onDownload={() => void transfers.download(selected, project.name)}
        onToggleHidden={() => setShowHidden((shown) => !shown)}
        onCollapse={onCollapse}
      />
      <div className="ws-explorer__search">
        <input
          type="search"
          className="field__input"
          placeholder={t("workspace.explorer.search")}
          aria-label={t("workspace.explorer.search")}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          data-testid="explorer-search"
        />
      </div>
      {uploadError && (
        <div className="ws-banner ws-banner--error" role="alert" data-testid="explorer-upload-error">
          <strong>{t("workspace.explorer.uploadFailed")}</strong>
          <span className="ws-banner__text">{uploadError}</span>
          <button
            type="button"
            className="icon-btn"
            aria-label={t("workspace.explorer.dismiss")}
            onClick={() => {
              setConfigProblem(null);
              transfers.dismissUploadError();
            }}
            data-testid="explorer-upload-error-dismiss"
          >
            <CloseIcon />
          </button>
        </div>
      )}
      <div className="ws-explorer__tree">
        {!root?.children && root?.loading && (
          <p className="muted ws-explorer__state" role="status">
            <Spinner size={14} /> {t("common.loading")}
          </p>
        )}
        {!root?.children && root?.error && (
          <div className="inline-error ws-explorer__state" role="alert">
            {t("workspace.explorer.loadFailed")}
            <Button size="sm" variant="secondary" onClick={() => void tree.load("")}>
              {t("common.retry")}
            </Button>
          </div>
        )}
        {root?.children && root.children.length === 0 && <p className="empty-state">{t("workspace.explorer.noFiles")}</p>}
        {root?.children && root.children.length > 0 && rows.length === 0 && <p className="empty-state">{t("workspace.explorer.noMatches")}</p>}
        {rows.length > 0 && <FileTree rows={rows} selectedPath={selected?.path ?? null} onSelect={onSelect} onToggle={tree.toggle} />}
      </div>
      <SectionResizer height={gitHeight} onChange={setGitHeight} />
      <GitSection
        projectId={project.id}
        status={status}
        failed={gitFailed}
        canEdit={!!config?.permissions.canEdit}
        height={gitHeight}
        onCheckedOut={refreshAll}
      />
    </section>
  );
}
