import type { KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { MediaView } from "../MediaView";
import { baseName, openFile } from "../tabsStore";
import { closeSidePreview, type SidePreviewTarget } from "./sidePreview";
import "./sidePreview.css";
import { CloseIcon, ExternalIcon } from "../../../../ui/icons";
import { IconButton } from "../../../../ui/IconButton";

/**
 * The file a reference named, beside the editor, shown by the shared file preview as a panel
 * (spec 03 §2.3). 'Open in editor' makes it a tab (at the referenced line); Close or Escape hides it.
 */
export function SidePreviewPane({ target }: { target: SidePreviewTarget }) {
  const { t } = useTranslation();
  const name = baseName(target.filePath);
  const where = target.line ? `${target.filePath}:${target.line}` : target.filePath;

  const openInEditor = () => {
    openFile(target.projectId, target.filePath, target.line ? { lineNumber: target.line } : {});
    closeSidePreview();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    event.preventDefault();
    closeSidePreview();
  };

  return (
    <aside
      className="wsv-side"
      aria-label={t("workspaceViewer.sidePreview.label", { name })}
      data-testid="side-preview"
      data-path={target.filePath}
      onKeyDown={onKeyDown}
    >
      <div className="wsv-toolbar wsv-side__bar">
        <span className="wsv-toolbar__path" title={where} data-testid="side-preview-path">
          {where}
        </span>
        <IconButton onClick={openInEditor} label={t("workspaceViewer.sidePreview.openInEditor")} data-testid="side-preview-open">
          <ExternalIcon size={14} />
        </IconButton>
        <IconButton onClick={closeSidePreview} label={t("workspaceViewer.sidePreview.close")} data-testid="side-preview-close">
          <CloseIcon size={14} />
        </IconButton>
      </div>
      <div className="wsv-side__body">
        <MediaView key={target.filePath} projectId={target.projectId} filePath={target.filePath} fileName={name} />
      </div>
    </aside>
  );
}
