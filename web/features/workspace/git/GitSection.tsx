import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { GitStatus } from "../../../../contract";
import { Button } from "../../../ui/Button";
import { viewer } from "../layout/viewerBridge";
import { CommitDialog } from "./CommitDialog";
import { STATUS_LETTERS, isMasterBranch, statusColor } from "./gitModel";
import { BranchIcon } from "../../../ui/icons";

interface GitSectionProps {
  projectId: string;
  status: GitStatus;
  /** The status could not be read; the fallback (branch main, no changes) is shown with a note. */
  failed: boolean;
  /** Commit and checkout change the project; the server allows them to those who may edit. */
  canEdit: boolean;
  height: number;
  onCheckedOut: () => void;
}

/** Under the tree: branch, changed files (click opens the diff), commit and history (spec 03 §2.2, §4). */
export function GitSection({ projectId, status, failed, canEdit, height, onCheckedOut }: GitSectionProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const files = status.files;

  return (
    <section className="ws-git" style={{ height }} aria-label={t("workspace.git.section")} data-testid="git-section">
      <header className="ws-git__header">
        <span className="ws-git__title">
          {t("workspace.git.section")}
          {files.length > 0 && <span className="ws-count">{files.length}</span>}
        </span>
        <span className="muted ws-git__branch" data-testid="git-branch">
          <BranchIcon size={12} />
          <span className="ws-git__branch-name">{status.branch}</span>
        </span>
        <Button size="sm" variant="secondary" onClick={() => setOpen(true)} data-testid="git-commit-open">
          {t("workspace.git.commit")}
        </Button>
      </header>
      {isMasterBranch(status.branch) && <p className="ws-note ws-git__note">{t("workspace.git.masterNote")}</p>}
      {failed && <p className="muted ws-git__empty">{t("workspace.git.loadFailed")}</p>}
      {!failed && files.length === 0 && <p className="muted ws-git__empty">{t("workspace.git.noChanges")}</p>}
      <ul className="ws-git__files" data-testid="git-changed-files">
        {files.map((file) => (
          <li key={file.filePath}>
            <button
              type="button"
              className="ws-git__file"
              onClick={() => viewer.open(projectId, file.filePath, { diff: true })}
              title={file.filePath}
              data-testid={`git-file-${file.filePath}`}
            >
              <span className="ws-git__file-name" style={{ color: statusColor(file.status) }}>
                {file.filePath.split("/").pop()}
              </span>
              <span className="ws-git__file-dir muted">{file.filePath.includes("/") ? file.filePath.slice(0, file.filePath.lastIndexOf("/")) : ""}</span>
              <span className="ws-git__letter" style={{ color: statusColor(file.status) }} aria-label={t(`workspace.git.statusNames.${file.status}`)}>
                {STATUS_LETTERS[file.status]}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <CommitDialog open={open} onOpenChange={setOpen} projectId={projectId} status={status} canEdit={canEdit} onCheckedOut={onCheckedOut} />
    </section>
  );
}
