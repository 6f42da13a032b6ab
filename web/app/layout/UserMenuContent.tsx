import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "../../ui/toast";
import { PLAN_CATALOGUE, type SessionUser } from "../../../contract";
import { signOut } from "../../features/auth/authApi";
import { useDevAccess } from "../../features/dev-settings/useDevAccess";
import { useMembershipStatus } from "../../features/membership/useMembershipStatus";
import { isLanguage, LANGUAGES } from "../../i18n/language";
import { useLang, useLangPath } from "../../i18n/useLang";
import { Avatar } from "../../ui/Avatar";
import type { MenuTriggerProps } from "../../ui/lazy";
import { useSwitchLanguage } from "../../ui/LanguageSwitch";
import { endLocalSession } from "../session/endSession";
import { isMessageSpacing, MESSAGE_SPACINGS, setMessageSpacing, useMessageSpacing } from "../messageSpacing";
import { MenuRadioSection } from "./MenuRadioSection";

export interface UserMenuProps {
  user: SessionUser;
  collapsed?: boolean;
  onOpenContacts: () => void;
  onOpenVires?: () => void;
}

/** The user menu's dropdown (spec 01 §2), loaded on first use (see UserMenu). */
export function UserMenuContent({ user, collapsed = false, onOpenContacts, onOpenVires, trigger, defaultOpen }: UserMenuProps & MenuTriggerProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const to = useLangPath();
  const navigate = useNavigate();
  const switchLanguage = useSwitchLanguage();
  const { tier } = useMembershipStatus();
  const { hasDevAccess } = useDevAccess();
  const spacing = useMessageSpacing();
  const planName = tier ? PLAN_CATALOGUE[tier].displayName[lang] : null;
  const displayName = user.name || user.username || user.email;

  const onSignOut = async () => {
    try {
      await signOut();
    } catch {
      toast.warning(t("userMenu.signOutFailed"));
    }
    await endLocalSession();
    navigate(to("/home"), { replace: true });
  };

  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu menu--user" align={collapsed ? "start" : "end"} sideOffset={6} data-testid="user-menu">
          <div className="menu__profile">
            <Avatar name={displayName} image={user.image} size={36} />
            <div className="menu__profile-text">
              <span className="menu__profile-name" data-testid="user-menu-name">
                {displayName}
              </span>
              <span className="menu__profile-email" data-testid="user-menu-email">
                {user.email}
              </span>
            </div>
            {planName && tier && (
              <span className={`badge badge--plan badge--${tier}`} data-testid="plan-badge" aria-label={t("userMenu.planBadge", { plan: planName })}>
                {planName}
              </span>
            )}
          </div>
          <DropdownMenu.Separator className="menu__separator" />
          <DropdownMenu.Item className="menu__item" data-testid="menu-pricing" onSelect={() => navigate(to("/membership"))}>
            {t("userMenu.pricing")}
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu__item" data-testid="menu-contacts" onSelect={onOpenContacts}>
            {t("userMenu.contacts")}
          </DropdownMenu.Item>
          {onOpenVires && (
            <DropdownMenu.Item className="menu__item" data-testid="menu-vires" onSelect={onOpenVires}>
              {t("vires.open")}
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item className="menu__item" data-testid="menu-usage" onSelect={() => navigate(to("/usage"))}>
            {t("userMenu.usage")}
          </DropdownMenu.Item>
          {hasDevAccess && (
            <DropdownMenu.Item className="menu__item" data-testid="menu-settings" onSelect={() => navigate(to("/dev-settings"))}>
              {t("userMenu.settings")}
            </DropdownMenu.Item>
          )}
          <MenuRadioSection
            id="language"
            label={t("common.language")}
            value={lang}
            options={LANGUAGES}
            optionLabel={(option) => t(`common.languageNames.${option}`)}
            optionLang={(option) => option}
            onChange={(value) => isLanguage(value) && value !== lang && switchLanguage(value)}
          />
          <MenuRadioSection
            id="spacing"
            label={t("chat.spacing.label")}
            value={spacing}
            options={MESSAGE_SPACINGS}
            optionLabel={(option) => t(`chat.spacing.${option}`)}
            onChange={(value) => isMessageSpacing(value) && setMessageSpacing(value)}
          />
          <DropdownMenu.Separator className="menu__separator" />
          <DropdownMenu.Item className="menu__item menu__item--danger" data-testid="menu-signout" onSelect={() => void onSignOut()}>
            {t("userMenu.signOut")}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
