import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation, useParams } from "react-router";
import { toast } from "sonner";
import { useSession } from "../../app/session/useSession";
import { useLangPath } from "../../i18n/useLang";
import { LoadingScreen, MessageScreen } from "../../ui/Screens";
import { extractInviteCode } from "./inviteCode";
import { joinErrorText } from "./joinErrors";
import { joinOrganization, useSwitchOrganization } from "./useOrganizations";

/**
 * `/join/{inviteCode}`: opening an invite link joins the organization and switches to it. A
 * signed-out visitor signs in first and comes back here through `?redirect=`.
 */
export function JoinByInvitePage() {
  const { t } = useTranslation();
  const to = useLangPath();
  const { pathname } = useLocation();
  const code = extractInviteCode(useParams().inviteCode ?? "");
  const { status } = useSession();
  const { switchOrganization } = useSwitchOrganization();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (status !== "authenticated" || started.current || !code) return;
    started.current = true; // one join per visit, also under StrictMode's double effects
    joinOrganization(code)
      .then((joined) => {
        toast.success(joined.alreadyMember ? t("join.alreadyMember", { name: joined.displayName }) : t("join.joined", { name: joined.displayName }));
        return switchOrganization({ id: joined.organizationId, displayName: joined.displayName });
      })
      .catch((err: unknown) => setError(joinErrorText(err, t)));
  }, [status, code, switchOrganization, t]);

  if (status === "unauthenticated") return <Navigate to={`${to("/auth/signin")}?redirect=${encodeURIComponent(pathname)}`} replace />;
  if (!code || error) {
    return (
      <MessageScreen
        testId="join-error"
        title={t("join.failedTitle")}
        body={error ?? t("join.invalidCode")}
        actions={
          <Link className="btn btn--primary btn--md" to={to("/home")}>
            {t("common.backToHome")}
          </Link>
        }
      />
    );
  }
  if (status === "error") {
    return (
      <MessageScreen
        title={t("screens.sessionFailedTitle")}
        body={t("screens.sessionFailedBody")}
        actions={
          <button type="button" className="btn btn--primary btn--md" onClick={() => window.location.reload()}>
            {t("common.retry")}
          </button>
        }
      />
    );
  }
  if (status === "loading") return <LoadingScreen title={t("common.loading")} detail={t("screens.checkingAuth")} />;
  return <LoadingScreen title={t("join.pageTitle")} detail={t("join.pageJoining", { code })} testId="join-pending" />;
}
