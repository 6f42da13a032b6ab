import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSelectionStore } from "../../../app/session/selection";
import { workspaceApi } from "../api";
import { CreateDialogs, CreateMenuItems, type CreateDialogKind } from "./CreateDialogs";
import { ProjectMenuList } from "./ProjectMenuList";
import "../workspace.css";
import { CodeIcon } from "../layout/icons";

/** Users whose sandbox was already asked for in this page; the call is made once per sign-in. */
const warmedUsers = new Set<string>();

/** Prepares the user's sandbox in the background after sign-in (spec 03 §4); failure is non-fatal. */
function useSandboxWarmup(userId: string) {
  useEffect(() => {
    if (warmedUsers.has(userId)) return;
    warmedUsers.add(userId);
    workspaceApi.warmSandbox().catch(() => undefined);
  }, [userId]);
}

/**
 * The way into coding projects from anywhere in the app (sidebar header): create or import a
 * project, or open an existing one. Inside a project the toolbar offers the same.
 */
export function ProjectsLauncher({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<CreateDialogKind | null>(null);
  const projectId = useSelectionStore((s) => s.projectId);
  useSandboxWarmup(userId);
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          className="icon-btn"
          aria-label={t("workspace.projects.entry")}
          title={t("workspace.projects.entry")}
          data-testid="projects-launcher"
        >
          <CodeIcon size={18} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu ws-project-menu" align="start" sideOffset={6} data-testid="projects-launcher-menu">
            <DropdownMenu.Label className="menu__label">{t("workspace.projects.title")}</DropdownMenu.Label>
            <CreateMenuItems onPick={setDialog} testIdPrefix="projects-launcher" />
            <DropdownMenu.Separator className="menu__separator" />
            <ProjectMenuList currentId={projectId} testIdPrefix="projects-launcher" />
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <CreateDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
