import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../ui/toast";
import { workspaceApi } from "../api";
import { firstAvailable, serviceUrl } from "../services/serviceModel";
import { viewer } from "./viewerBridge";

/** The toolbar's Preview: the first available service of the project opens in a preview tab (spec 03 §8). */
export function usePreview(projectId: string | null, ownerId: string | null) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const open = async () => {
    if (!projectId || busy) return;
    if (!ownerId) {
      toast.error(t("workspace.services.noOwner"));
      return;
    }
    setBusy(true);
    try {
      const health = await workspaceApi.domainsHealth(ownerId, projectId);
      const service = health.success ? firstAvailable(health.data.app_domains ?? []) : null;
      if (!service) toast.warning(t("workspace.services.noPreview"));
      else if (viewer.preview(projectId, serviceUrl(service))) toast.success(t("workspace.services.previewOpened"));
      else toast.error(t("workspace.services.tabsNotReady"));
    } catch {
      toast.error(t("workspace.services.previewFailed"));
    } finally {
      setBusy(false);
    }
  };

  return { open, busy };
}
