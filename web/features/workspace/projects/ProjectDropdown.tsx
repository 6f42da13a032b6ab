import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useTranslation } from "react-i18next";
import { useProjects } from "../api";
import { useWorkspace } from "../layout/WorkspaceContext";
import { AgentApprovalItems } from "./AgentApprovals";
import { ProjectMenuList } from "./ProjectMenuList";
import { ChevronDownIcon } from "../../../ui/icons";

/** The toolbar's project selector (spec 03 §2.1). */
export function ProjectDropdown() {
  const { t } = useTranslation();
  const { project } = useWorkspace();
  const { data } = useProjects();
  const none = data !== undefined && data.projects.length === 0;
  const label = project?.name ?? t("workspace.projects.selectProject");
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="ws-project-trigger" aria-label={`${t("workspace.projects.selectProject")}: ${label}`} data-testid="project-dropdown">
        <span className="ws-project-trigger__name" data-testid="project-dropdown-current">
          {label}
        </span>
        <ChevronDownIcon className="chevron" size={14} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu ws-project-menu" align="start" sideOffset={6} data-testid="project-dropdown-menu">
          <DropdownMenu.Label className="menu__label">
            {none ? t("workspace.projects.title") : project ? t("workspace.projects.selectProject") : t("workspace.projects.pleaseSelect")}
          </DropdownMenu.Label>
          <ProjectMenuList currentId={project?.id ?? null} testIdPrefix="project-dropdown" />
          {project && (
            <>
              <DropdownMenu.Separator className="menu__separator" />
              <AgentApprovalItems project={project} />
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
