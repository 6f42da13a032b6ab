import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { SessionUser } from "../../../contract";
import { MentionsButton } from "../../features/mentions/MentionsButton";
import { NotificationsButton } from "../../features/notifications/NotificationsButton";
import { OrgSwitcher } from "../../features/organizations/OrgSwitcher";
import { SearchLauncher } from "../../features/search/SearchLauncher";
import { ProjectsLauncher } from "../../features/workspace/projects/ProjectsLauncher";
import { lazyDialog } from "../../ui/lazy";
import { InboxProvider } from "../realtime/InboxProvider";
import { useNarrowScreen } from "./narrowScreen";
import { useInboxEffects } from "../realtime/useInboxEffects";
import { SidebarChats } from "./SidebarChats";
import { UserMenu } from "./UserMenu";
import { FirstRunMount } from "./FirstRunMount";
import "../styles/chat-list.css";
import "../styles/groups.css";
import { RobotIcon } from "../../ui/icons";

const VireDialog = lazyDialog(() => import("../../features/vires/VireDialog").then((m) => m.VireDialog));

const COLLAPSED_KEY = "sidebar-collapsed";

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === "1";
  } catch {
    return false;
  }
}

interface AppShellProps {
  user: SessionUser;
  onOpenContacts: () => void;
  children: ReactNode;
}

function saveCollapsed(collapsed: boolean): void {
  try {
    localStorage.setItem(COLLAPSED_KEY, collapsed ? "1" : "0");
  } catch {
    // The choice just is not remembered.
  }
}

/** Signed-in layout: the 290 px sidebar (60 px collapsed) and the main area, inside the inbox socket. */
export function AppShell(props: AppShellProps) {
  return (
    <InboxProvider>
      <ShellLayout {...props} />
    </InboxProvider>
  );
}

function ShellLayout({ user, onOpenContacts, children }: AppShellProps) {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [viresOpen, setViresOpen] = useState(false);
  // Phones get the 60 px sidebar regardless of the saved choice (see shell.css), so the list shows avatars.
  const narrow = useNarrowScreen();
  useInboxEffects();

  const setAndSave = (next: boolean) => {
    saveCollapsed(next);
    setCollapsed(next);
  };
  const toggle = () => setAndSave(!collapsed);

  return (
    <div className={`shell${collapsed ? " shell--collapsed" : ""}`} data-testid="app-shell">
      <aside className="sidebar" aria-label={t("shell.sidebar")} data-testid="sidebar" data-collapsed={collapsed || undefined}>
        <div className="sidebar__header">
          <OrgSwitcher user={user} collapsed={collapsed} />
          <div className="sidebar__header-actions">
            <SearchLauncher organizationId={user.organizationId} />
            <ProjectsLauncher userId={user.id} />
            <button
              type="button"
              className="icon-btn"
              onClick={() => setViresOpen(true)}
              onPointerEnter={VireDialog.preload}
              onFocus={VireDialog.preload}
              aria-label={t("vires.open")}
              title={t("vires.openHint")}
              data-testid="open-vires"
            >
              <RobotIcon size={18} />
            </button>
            <MentionsButton />
            <NotificationsButton />
            <UserMenu user={user} collapsed={collapsed} onOpenContacts={onOpenContacts} onOpenVires={() => setViresOpen(true)} />
            <button
              type="button"
              className="icon-btn"
              onClick={toggle}
              aria-label={collapsed ? t("shell.expand") : t("shell.collapse")}
              aria-expanded={!collapsed}
              data-testid="sidebar-toggle"
            >
              <span aria-hidden>{collapsed ? "»" : "«"}</span>
            </button>
          </div>
        </div>
        <div className="sidebar__body">
          <SidebarChats user={user} collapsed={collapsed || narrow} onExpand={() => setAndSave(false)} />
        </div>
      </aside>
      <main className="shell__main" aria-label={t("shell.main")}>
        {children}
      </main>
      <VireDialog open={viresOpen} onOpenChange={setViresOpen} user={user} />
      <FirstRunMount user={user} />
    </div>
  );
}
