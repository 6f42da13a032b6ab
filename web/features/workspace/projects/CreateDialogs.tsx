import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useTranslation } from "react-i18next";
import { CreateProjectDialog } from "./CreateProjectDialog";
import { GitHubImportDialog } from "./GitHubImportDialog";
import { GitLabImportDialog } from "./GitLabImportDialog";
import { LoadingOverlay } from "./LoadingOverlay";
import { useCreateProject } from "./useCreateProject";
import { BranchIcon, PlusIcon } from "../../../ui/icons";

export type CreateDialogKind = "create" | "gitlab" | "github";

/**
 * The spec has the self-hosted GitLab entry present but disabled (spec 03 §2.1); the import itself
 * is built, so this switch turns it on once a GitLab server is configured for the product.
 */
export const GITLAB_IMPORT_ENABLED = true;

/** The create menu's entries: 'Add Project', 'Import GitHub Repo', and the GitLab import. */
export function CreateMenuItems({ onPick, testIdPrefix }: { onPick: (kind: CreateDialogKind) => void; testIdPrefix: string }) {
  const { t } = useTranslation();
  return (
    <>
      <DropdownMenu.Item className="menu__item" onSelect={() => onPick("create")} data-testid={`${testIdPrefix}-add-project`}>
        <PlusIcon size={14} /> {t("workspace.projects.addProject")}
      </DropdownMenu.Item>
      <DropdownMenu.Item className="menu__item" onSelect={() => onPick("github")} data-testid={`${testIdPrefix}-import-github`}>
        <BranchIcon size={14} /> {t("workspace.projects.importGithub")}
      </DropdownMenu.Item>
      <DropdownMenu.Item
        className="menu__item"
        disabled={!GITLAB_IMPORT_ENABLED}
        onSelect={() => onPick("gitlab")}
        data-testid={`${testIdPrefix}-import-gitlab`}
      >
        <BranchIcon size={14} /> {t("workspace.projects.importGitlab")}
      </DropdownMenu.Item>
    </>
  );
}

const OVERLAY_TITLES = { create: "workspace.create.creating", gitlab: "workspace.create.importingGitlab", github: "workspace.create.importingGithub" } as const;

/** The creation and import dialogs of one menu, and the full-screen overlay while a project is made. */
export function CreateDialogs({ dialog, onClose }: { dialog: CreateDialogKind | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { running, run } = useCreateProject();
  const onOpenChange = (open: boolean) => !open && onClose();
  const busy = running !== null;

  return (
    <>
      <CreateProjectDialog open={dialog === "create"} onOpenChange={onOpenChange} busy={busy} onCreate={(input) => run("create", input)} />
      <GitHubImportDialog open={dialog === "github"} onOpenChange={onOpenChange} busy={busy} onImport={(body) => run("github", body)} />
      {GITLAB_IMPORT_ENABLED && (
        <GitLabImportDialog open={dialog === "gitlab"} onOpenChange={onOpenChange} busy={busy} onImport={(body) => run("gitlab", body)} />
      )}
      {running && <LoadingOverlay title={t(OVERLAY_TITLES[running])} description={running === "create" ? undefined : t("workspace.create.cloning")} />}
    </>
  );
}
