import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLangPath } from "../../i18n/useLang";
import { Button } from "../../ui/Button";
import { LoadingScreen, MessageScreen } from "../../ui/Screens";
import { useSession } from "../session/useSession";

export function NotFoundPage() {
  const { t } = useTranslation();
  const to = useLangPath();
  return (
    <MessageScreen
      testId="not-found"
      title={t("screens.notFoundTitle")}
      body={t("screens.notFoundBody")}
      actions={
        <Link className="btn btn--primary btn--md" to={to("/home")}>
          {t("common.backToHome")}
        </Link>
      }
    />
  );
}

/** `/checkLogin`: reports the session without redirecting anyone (spec 01 §2). */
export function CheckLoginPage() {
  const { t } = useTranslation();
  const to = useLangPath();
  const { user, status, refresh } = useSession();
  if (status === "loading") return <LoadingScreen title={t("common.loading")} detail={t("screens.checkingAuth")} />;
  if (status === "error") {
    return (
      <MessageScreen
        title={t("screens.sessionFailedTitle")}
        body={t("screens.sessionFailedBody")}
        actions={<Button onClick={() => void refresh()}>{t("common.retry")}</Button>}
      />
    );
  }
  return (
    <MessageScreen
      testId="check-login"
      title={t("screens.checkLoginTitle")}
      body={user ? t("screens.signedInAs", { name: user.name || user.email }) : t("screens.notSignedIn")}
      actions={
        user ? (
          <Link className="btn btn--primary btn--md" to={to("/home")}>
            {t("screens.openApp")}
          </Link>
        ) : (
          <Link className="btn btn--primary btn--md" to={to("/auth/signin")}>
            {t("auth.signIn")}
          </Link>
        )
      }
    />
  );
}

/** What CrashBoundary shows when a page threw. */
export function CrashScreen() {
  const { t } = useTranslation();
  return (
    <MessageScreen
      testId="crash-screen"
      title={t("screens.crashTitle")}
      body={t("screens.crashBody")}
      actions={<Button onClick={() => window.location.reload()}>{t("screens.reload")}</Button>}
    />
  );
}
