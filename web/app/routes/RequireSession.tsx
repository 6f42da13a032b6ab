import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useNavigate } from "react-router";
import { useLangPath } from "../../i18n/useLang";
import { Button } from "../../ui/Button";
import { LoadingScreen, MessageScreen } from "../../ui/Screens";
import { safeRedirect, withReturnTo } from "../session/returnTo";
import { useSession } from "../session/useSession";

/** How long the "Redirecting" screen stays before leaving (spec 01 §2: about 100 ms). */
export const REDIRECT_DELAY_MS = 100;

/** Home, carrying the page the visitor asked for, so signing in from there leads back to it. */
function RedirectHome() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const to = useLangPath();
  const { pathname, search, hash } = useLocation();
  const target = withReturnTo(to("/home"), safeRedirect(`${pathname}${search}${hash}`, null));
  useEffect(() => {
    const timer = setTimeout(() => navigate(target, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate, target]);
  return <LoadingScreen title={t("screens.redirectingHome")} testId="redirect-screen" />;
}

/** Gate for pages that need a signed-in user; visitors are sent to `/{locale}/home?redirect={the page}`. */
export function RequireSession() {
  const { t } = useTranslation();
  const { status, refresh } = useSession();
  if (status === "loading") return <LoadingScreen title={t("common.loading")} detail={t("screens.checkingAuth")} testId="auth-loading" />;
  if (status === "error") {
    return (
      <MessageScreen
        title={t("screens.sessionFailedTitle")}
        body={t("screens.sessionFailedBody")}
        actions={<Button onClick={() => void refresh()}>{t("common.retry")}</Button>}
      />
    );
  }
  if (status === "unauthenticated") return <RedirectHome />;
  return <Outlet />;
}
