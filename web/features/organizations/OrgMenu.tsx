import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useTranslation } from "react-i18next";
import type { Organization } from "../../../contract";
import { Avatar } from "../../ui/Avatar";
import type { MenuTriggerProps } from "../../ui/lazy";
import { Spinner } from "../../ui/Spinner";
import { OrgTag } from "./OrgTag";
import { CheckIcon } from "../../ui/icons";

export interface OrgMenuProps {
  organizations: Organization[];
  currentId: string | null;
  loading: boolean;
  failed: boolean;
  retry: () => Promise<unknown>;
  isAdmin: boolean;
  onPick: (id: string) => void;
  onJoin: () => void;
  onInvite: () => void;
}

/** The organization switcher's menu (spec 01 §2), loaded on first use (see OrgSwitcher). */
export function OrgMenu({
  organizations,
  currentId,
  loading,
  failed,
  retry,
  isAdmin,
  onPick,
  onJoin,
  onInvite,
  trigger,
  defaultOpen,
}: OrgMenuProps & MenuTriggerProps) {
  const { t } = useTranslation();
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu menu--orgs" align="start" sideOffset={6} data-testid="org-switcher-menu">
          <DropdownMenu.Label className="menu__label">{t("orgs.menuTitle")}</DropdownMenu.Label>
          {loading && (
            <div className="menu__state" role="status" data-testid="org-loading">
              <Spinner size={14} /> {t("orgs.loading")}
            </div>
          )}
          {!loading && failed && (
            <>
              <div className="menu__state menu__state--error" role="alert" data-testid="org-error">
                {t("orgs.loadFailed")}
              </div>
              <DropdownMenu.Item
                className="menu__item"
                data-testid="org-retry"
                onSelect={(event) => {
                  event.preventDefault(); // keep the menu open so the result shows in place
                  void retry();
                }}
              >
                {t("common.retry")}
              </DropdownMenu.Item>
            </>
          )}
          {!loading && !failed && organizations.length === 0 && (
            <div className="menu__state" data-testid="org-empty">
              {t("orgs.empty")}
            </div>
          )}
          {!loading && !failed && organizations.length > 0 && (
            <DropdownMenu.RadioGroup className="menu__scroll" value={currentId ?? ""} onValueChange={onPick}>
              {organizations.map((org) => (
                <DropdownMenu.RadioItem key={org.id} value={org.id} className="menu__item menu__item--org" data-testid={`org-item-${org.id}`}>
                  <Avatar name={org.displayName} shape="square" size={24} />
                  <span className="menu__item-text">{org.displayName}</span>
                  <OrgTag organization={org} />
                  <DropdownMenu.ItemIndicator className="menu__check">
                    <CheckIcon />
                    <span className="sr-only">{t("orgs.current")}</span>
                  </DropdownMenu.ItemIndicator>
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
          )}
          <DropdownMenu.Separator className="menu__separator" />
          <DropdownMenu.Item className="menu__item" data-testid="org-join" onSelect={onJoin}>
            {t("orgs.join")}
          </DropdownMenu.Item>
          {isAdmin && (
            <DropdownMenu.Item className="menu__item" data-testid="org-invite" onSelect={onInvite}>
              {t("orgs.invite")}
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
