import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { safePreviewUrl } from "./previewUrl";
import { useTabsStore, type ViewerTab } from "./tabsStore";
import { ExternalIcon, RefreshIcon } from "../../../ui/icons";

/**
 * A preview tab: the service's page in a sandboxed frame. No allow-same-origin: a service on the
 * app's own origin could otherwise script the app; on its own subdomain it keeps working.
 */
export function PreviewPane({ tab }: { tab: ViewerTab }) {
  const { t } = useTranslation();
  const [reloads, setReloads] = useState(0);
  const url = safePreviewUrl(tab.previewUrl);

  useEffect(() => {
    if (!tab.shouldRefresh) return;
    setReloads((n) => n + 1);
    useTabsStore.getState().clearRefresh(tab.id);
  }, [tab.shouldRefresh, tab.id]);

  return (
    <div className="wsv-preview" data-testid="preview-pane">
      <div className="wsv-toolbar">
        <span className="wsv-toolbar__url" title={tab.previewUrl ?? ""}>
          {tab.previewUrl}
        </span>
        <button
          type="button"
          className="icon-btn"
          aria-label={t("workspaceViewer.previewPane.refresh")}
          title={t("workspaceViewer.previewPane.refresh")}
          onClick={() => setReloads((n) => n + 1)}
          data-testid="preview-refresh"
        >
          <RefreshIcon size={14} />
        </button>
        {url && (
          <a
            className="icon-btn"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t("workspaceViewer.previewPane.openInNewTab")}
            title={t("workspaceViewer.previewPane.openInNewTab")}
          >
            <ExternalIcon size={14} />
          </a>
        )}
      </div>
      {url && (
        <iframe
          key={reloads}
          className="wsv-frame"
          src={url}
          sandbox="allow-scripts allow-forms allow-popups allow-modals"
          title={t("workspaceViewer.previewPane.title", { url })}
          data-testid="preview-frame"
        />
      )}
    </div>
  );
}
