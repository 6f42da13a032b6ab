import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation } from "react-router";
import type { SessionStatus } from "../app/session/useSession";
import { useLangPath } from "../i18n/useLang";
import { LoadingScreen, MessageScreen } from "./Screens";

interface InviteLinkScreenProps {
  status: SessionStatus;
  /** The invitation cannot be used: a missing code, or the server's refusal. */
  failure: { title: string; body: string; testId: string } | null;
  pending: { title: string; detail: string; testId: string };
}

/**
 * What an invitation link page shows while it works: visitors go to sign in and come back, a
 * refusal explains itself, and otherwise a pending screen until the page moves on.
 */
export function InviteLinkScreen({ status, failure, pending }: InviteLinkScreenProps) {
  const { t } = useTranslation();
  const to = useLangPath();
  const { pathname } = useLocation();
  if (status === "unauthenticated") return <Navigate to={`${to("/auth/signin")}?redirect=${encodeURIComponent(pathname)}`} replace />;
  if (failure) {
    return (
      <MessageScreen
        testId={failure.testId}
        title={failure.title}
        body={failure.body}
        actions={
          <Link className="btn btn--primary btn--md" to={to("/home")}>
            {t("common.backToHome")}
          </Link>
        }
      />
    );
  }
  if (status === "error") return <SessionFailedScreen />;
  if (status === "loading") return <LoadingScreen title={t("common.loading")} detail={t("screens.checkingAuth")} />;
  return <LoadingScreen title={pending.title} detail={pending.detail} testId={pending.testId} />;
}

/** The session could not be checked (not signed out: the check itself failed): retry by reloading. */
export function SessionFailedScreen() {
  const { t } = useTranslation();
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
