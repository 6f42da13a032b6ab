import { useTranslation } from "react-i18next";
import { Avatar } from "../../ui/Avatar";
import { lazyMenu } from "../../ui/lazy";
import type { UserMenuProps } from "./UserMenuContent";

const UserMenuContent = lazyMenu(() => import("./UserMenuContent").then((m) => m.UserMenuContent));

/** The user menu in the sidebar header (spec 01 §2): the avatar button here, the menu itself loads on first use. */
export function UserMenu(props: UserMenuProps) {
  const { t } = useTranslation();
  const { user } = props;
  return (
    <UserMenuContent
      {...props}
      trigger={
        <button type="button" className="user-trigger" aria-label={t("userMenu.label")} data-testid="user-menu-trigger">
          <Avatar name={user.name || user.username || user.email} image={user.image} size={28} />
        </button>
      }
    />
  );
}
