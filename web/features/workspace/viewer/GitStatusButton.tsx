import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { GitFileStatus, GitStatus } from "../../../../contract/workspace";
import { countChanges, STATUS_LETTER } from "./gitStatus";
import { baseName, openFile } from "./tabsStore";
import { BranchIcon } from "../../../ui/icons";

/** Files listed before the popover is expanded (right-click on the button). */
const COLLAPSED_FILES = 8;

/** New files have no HEAD version to compare with; everything else opens as a diff. */
const opensAsDiff = (status: GitFileStatus) => status !== "added" && status !== "untracked";

/** The floating git button and its 'Git Status' popover (spec 03 §2.3). */
export function GitStatusButton({ projectId, status }: { projectId: string; status: GitStatus }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const popoverId = useId();
  const counts = countChanges(status.files);
  const total = status.files.length;

  useEffect(() => {
    if (!open) return;
    const away = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", away, true);
    return () => document.removeEventListener("pointerdown", away, true);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const files = expanded ? status.files : status.files.slice(0, COLLAPSED_FILES);

  return (
    <div
      className={`wsv-gitfloat${expanded ? " wsv-gitfloat--expanded" : ""}`}
      ref={root}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.stopPropagation();
          close();
        }
      }}
    >
      {open && (
        <div className="wsv-gitpop" id={popoverId} role="dialog" aria-label={t("workspaceViewer.git.title")} data-testid="git-float-popover">
          <div className="wsv-gitpop__head">
            <strong>{t("workspaceViewer.git.title")}</strong>
            <span className="wsv-gitpop__branch" title={t("workspaceViewer.git.branch")}>
              <BranchIcon size={12} /> {status.branch || "main"}
            </span>
          </div>
          <div className="wsv-gitpop__counts">
            <span className="wsv-git--modified">{`${t("workspaceViewer.git.modified")} ${counts.modified}`}</span>
            <span className="wsv-git--added">{`${t("workspaceViewer.git.added")} ${counts.added}`}</span>
            <span className="wsv-git--deleted">{`${t("workspaceViewer.git.deleted")} ${counts.deleted}`}</span>
          </div>
          {total === 0 ? (
            <p className="muted small">{t("workspaceViewer.git.noChanges")}</p>
          ) : (
            <ul className="wsv-gitpop__files">
              {files.map((file) => (
                <li key={file.filePath}>
                  <button
                    type="button"
                    title={file.filePath}
                    onClick={() => {
                      openFile(projectId, file.filePath, { diff: opensAsDiff(file.status) });
                      setOpen(false);
                    }}
                  >
                    <span className={`wsv-git wsv-git--${file.status}`} title={t(`workspaceViewer.git.${file.status}`)}>
                      {STATUS_LETTER[file.status]}
                    </span>
                    <span className="wsv-gitpop__name">{baseName(file.filePath)}</span>
                    <span className="wsv-gitpop__dir muted">{file.filePath}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {total > COLLAPSED_FILES && (
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => setExpanded((v) => !v)}>
              {expanded ? t("workspaceViewer.git.collapse") : t("workspaceViewer.git.expand")}
            </button>
          )}
          <p className="wsv-gitpop__hint muted small">{t("workspaceViewer.git.hint")}</p>
        </div>
      )}
      <button
        ref={button}
        type="button"
        className={`wsv-gitfloat__button${total ? " wsv-gitfloat__button--changes" : ""}`}
        aria-label={t("workspaceViewer.git.button", { count: total })}
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        aria-haspopup="dialog"
        data-testid="git-float-button"
        onClick={() => setOpen((v) => !v)}
        onContextMenu={(event) => {
          event.preventDefault();
          setExpanded((v) => !v);
          setOpen(true);
        }}
      >
        <BranchIcon size={16} />
        {total > 0 && <span className="wsv-gitfloat__count">{total > 99 ? "99+" : total}</span>}
      </button>
    </div>
  );
}
