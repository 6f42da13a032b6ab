import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Organization, SessionUser } from "../../../contract";
import { Avatar } from "../../ui/Avatar";
import { Spinner } from "../../ui/Spinner";
import { InviteDialog } from "./InviteDialog";
import { JoinOrganizationDialog } from "./JoinOrganizationDialog";
import { useOrganizations, useSwitchOrganization } from "./useOrganizations";

function OrgTag({ organization }: { organization: Organization }) {
  const { t } = useTranslation();
  const own = (organization.organizationType ?? organization.orgType) === "own";
  return <span className={`tag tag--${own ? "owner" : "work"}`}>{own ? t("orgs.owner") : t("orgs.work")}</span>;
}

/** The organization switcher in the sidebar header (spec 01 §2). */
export function OrgSwitcher({ user, collapsed = false }: { user: SessionUser; collapsed?: boolean }) {
  const { t } = useTranslation();
  const { organizations, loading, failed, retry } = useOrganizations();
  const { switchOrganization, switchingTo } = useSwitchOrganization();
  const [joinOpen, setJoinOpen] = useState(false);
  const [inviteOpen, setInviteOpen] = useState(false);

  const current = organizations.find((org) => org.id === user.organizationId);
  const currentName = current?.displayName ?? user.organizationDisplayName ?? user.organizationName ?? t("orgs.noOrganization");
  const isAdmin = !!user.organizationId && (user.isOrgAdmin || current?.userType === "admin");
  let triggerLabel = user.organizationId ? t("orgs.switcherLabelCurrent", { name: currentName }) : t("orgs.switcherLabel");
  if (switchingTo) triggerLabel = t("orgs.switching");

  const onPick = (id: string) => {
    const target = organizations.find((org) => org.id === id);
    if (target && id !== user.organizationId) void switchOrganization(target);
  };

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          className="org-trigger"
          aria-label={triggerLabel}
          data-testid="org-switcher-trigger"
          disabled={switchingTo !== null}
          aria-busy={switchingTo !== null || undefined}
        >
          {switchingTo ? <Spinner size={28} /> : <Avatar name={currentName} shape="square" size={28} />}
          {!collapsed && (
            <>
              <span className="org-trigger__text">
                <span className="org-trigger__name" data-testid="current-org-name">
                  {currentName}
                </span>
                {current && <OrgTag organization={current} />}
              </span>
              <span className="chevron" aria-hidden>
                ▾
              </span>
            </>
          )}
        </DropdownMenu.Trigger>
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
              <DropdownMenu.RadioGroup className="menu__scroll" value={user.organizationId ?? ""} onValueChange={onPick}>
                {organizations.map((org) => (
                  <DropdownMenu.RadioItem key={org.id} value={org.id} className="menu__item menu__item--org" data-testid={`org-item-${org.id}`}>
                    <Avatar name={org.displayName} shape="square" size={24} />
                    <span className="menu__item-text">{org.displayName}</span>
                    <OrgTag organization={org} />
                    <DropdownMenu.ItemIndicator className="menu__check">
                      <span aria-hidden>✓</span>
                      <span className="sr-only">{t("orgs.current")}</span>
                    </DropdownMenu.ItemIndicator>
                  </DropdownMenu.RadioItem>
                ))}
              </DropdownMenu.RadioGroup>
            )}
            <DropdownMenu.Separator className="menu__separator" />
            <DropdownMenu.Item className="menu__item" data-testid="org-join" onSelect={() => setJoinOpen(true)}>
              {t("orgs.join")}
            </DropdownMenu.Item>
            {isAdmin && (
              <DropdownMenu.Item className="menu__item" data-testid="org-invite" onSelect={() => setInviteOpen(true)}>
                {t("orgs.invite")}
              </DropdownMenu.Item>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <JoinOrganizationDialog open={joinOpen} onOpenChange={setJoinOpen} onJoined={(org) => void switchOrganization(org)} />
      {isAdmin && user.organizationId && (
        <InviteDialog open={inviteOpen} onOpenChange={setInviteOpen} organizationId={user.organizationId} organizationName={currentName} />
      )}
    </>
  );
}
