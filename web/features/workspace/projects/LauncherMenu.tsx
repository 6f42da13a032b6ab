import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useTranslation } from "react-i18next";
import type { MenuTriggerProps } from "../../../ui/lazy";
import { CreateMenuItems, type CreateDialogKind } from "./CreateDialogs";
import { ProjectMenuList } from "./ProjectMenuList";
import "../workspace.css";

export interface LauncherMenuProps {
  currentId: string | null;
  onPick: (kind: CreateDialogKind) => void;
}

/** The sidebar launcher's menu: create or import a project, or open one. Loaded on first use (see ProjectsLauncher). */
export function LauncherMenu({ currentId, onPick, trigger, defaultOpen }: LauncherMenuProps & MenuTriggerProps) {
  const { t } = useTranslation();
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu ws-project-menu" align="start" sideOffset={6} data-testid="projects-launcher-menu">
          <DropdownMenu.Label className="menu__label">{t("workspace.projects.title")}</DropdownMenu.Label>
          <CreateMenuItems onPick={onPick} testIdPrefix="projects-launcher" />
          <DropdownMenu.Separator className="menu__separator" />
          <ProjectMenuList currentId={currentId} testIdPrefix="projects-launcher" />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
