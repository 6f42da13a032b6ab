import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { SessionUser } from "../../../contract";
import { ChatListPlaceholder } from "../../features/home/ChatListPlaceholder";
import { OrgSwitcher } from "../../features/organizations/OrgSwitcher";
import { UserMenu } from "./UserMenu";

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

/** Signed-in layout: the 290 px sidebar (60 px collapsed) and the main area. */
export function AppShell({ user, onOpenContacts, children }: AppShellProps) {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState(readCollapsed);

  const toggle = () => {
    setCollapsed((value) => {
      try {
        localStorage.setItem(COLLAPSED_KEY, value ? "0" : "1");
      } catch {
        // The choice just is not remembered.
      }
      return !value;
    });
  };

  return (
    <div className={`shell${collapsed ? " shell--collapsed" : ""}`} data-testid="app-shell">
      <aside className="sidebar" aria-label={t("shell.sidebar")} data-testid="sidebar" data-collapsed={collapsed || undefined}>
        <div className="sidebar__header">
          <OrgSwitcher user={user} collapsed={collapsed} />
          <div className="sidebar__header-actions">
            <UserMenu user={user} collapsed={collapsed} onOpenContacts={onOpenContacts} />
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
          <ChatListPlaceholder collapsed={collapsed} />
        </div>
      </aside>
      <main className="shell__main" aria-label={t("shell.main")}>
        {children}
      </main>
    </div>
  );
}
