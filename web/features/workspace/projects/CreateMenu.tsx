import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CreateDialogs, CreateMenuItems, type CreateDialogKind } from "./CreateDialogs";
import { PlusIcon } from "../../../ui/icons";

/** The toolbar's create/import menu (spec 03 §2.1). */
export function CreateMenu() {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<CreateDialogKind | null>(null);
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          className="ws-tool ws-tool--primary"
          aria-label={t("workspace.projects.create")}
          title={t("workspace.projects.create")}
          data-testid="create-menu-trigger"
        >
          <PlusIcon size={16} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" align="start" sideOffset={6} data-testid="create-menu">
            <CreateMenuItems onPick={setDialog} testIdPrefix="create-menu" />
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <CreateDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
