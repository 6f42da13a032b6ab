import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSelectionStore } from "../../../app/session/selection";
import { lazyDialog, lazyMenu } from "../../../ui/lazy";
import { workspaceApi } from "../api";
import type { CreateDialogKind } from "./CreateDialogs";
import { useGithubReturn } from "./useGithubReturn";
import { warmSandboxOnce } from "./sandboxWarmup";
import { CodeIcon } from "../../../ui/icons";

const LauncherMenu = lazyMenu(() => import("./LauncherMenu").then((m) => m.LauncherMenu));
const CreateDialogs = lazyDialog(() => import("./CreateDialogs").then((m) => m.CreateDialogs), {
  isOpen: (props) => props.dialog !== null,
  close: (props) => props.onClose(),
});

/** Prepares the user's sandbox in the background after sign-in (spec 03 §4); failure is non-fatal. */
function useSandboxWarmup(userId: string) {
  useEffect(() => {
    warmSandboxOnce(userId, window.location.search, workspaceApi.warmSandbox);
  }, [userId]);
}

/**
 * The way into coding projects from anywhere in the app (sidebar header): create or import a
 * project, or open an existing one. Inside a project the toolbar offers the same. The menu and the
 * dialogs load on first use.
 */
export function ProjectsLauncher({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<CreateDialogKind | null>(null);
  const projectId = useSelectionStore((s) => s.projectId);
  useSandboxWarmup(userId);
  useGithubReturn(() => setDialog("github"));
  return (
    <>
      <LauncherMenu
        currentId={projectId}
        onPick={setDialog}
        trigger={
          <button
            type="button"
            className="icon-btn"
            aria-label={t("workspace.projects.entry")}
            title={t("workspace.projects.entry")}
            data-testid="projects-launcher"
          >
            <CodeIcon size={18} />
          </button>
        }
      />
      <CreateDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
