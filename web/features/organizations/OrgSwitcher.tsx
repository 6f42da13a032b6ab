import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { SessionUser } from "../../../contract";
import { Avatar } from "../../ui/Avatar";
import { Spinner } from "../../ui/Spinner";
import { lazyDialog, lazyMenu } from "../../ui/lazy";
import { OrgTag } from "./OrgTag";
import { useOrganizations, useSwitchOrganization } from "./useOrganizations";
import { ChevronDownIcon } from "../../ui/icons";

const OrgMenu = lazyMenu(() => import("./OrgMenu").then((m) => m.OrgMenu));
const InviteDialog = lazyDialog(() => import("./InviteDialog").then((m) => m.InviteDialog));
const JoinOrganizationDialog = lazyDialog(() => import("./JoinOrganizationDialog").then((m) => m.JoinOrganizationDialog));

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
      <OrgMenu
        organizations={organizations}
        currentId={user.organizationId}
        loading={loading}
        failed={failed}
        retry={retry}
        isAdmin={isAdmin}
        onPick={onPick}
        onJoin={() => setJoinOpen(true)}
        onInvite={() => setInviteOpen(true)}
        trigger={
          <button
            type="button"
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
                <ChevronDownIcon className="chevron" size={14} />
              </>
            )}
          </button>
        }
      />
      <JoinOrganizationDialog open={joinOpen} onOpenChange={setJoinOpen} onJoined={(org) => void switchOrganization(org)} />
      {isAdmin && user.organizationId && (
        <InviteDialog open={inviteOpen} onOpenChange={setInviteOpen} organizationId={user.organizationId} organizationName={currentName} />
      )}
    </>
  );
}
