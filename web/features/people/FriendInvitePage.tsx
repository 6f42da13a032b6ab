import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { toast } from "../../ui/toast";
import { ApiError } from "../../app/api/client";
import { revalidateChatList } from "../../app/realtime/chatListCache";
import { useSession } from "../../app/session/useSession";
import { useLangPath } from "../../i18n/useLang";
import { SessionFailedScreen } from "../../ui/InviteLinkScreen";
import { LoadingScreen, MessageScreen } from "../../ui/Screens";
import type { FriendInviteInfo } from "./people";
import { acceptFriendInvite, lookUpFriendInvite, type InviteLookup } from "./usePeople";

/** Why an invitation cannot be used, from its state; null while it can still be accepted. */
function refusalOf(info: FriendInviteInfo): "expired" | "used" | null {
  if (info.expired || info.status === "expired") return "expired";
  if (info.status !== "pending") return "used";
  return null;
}

/**
 * `/friend-invite/{inviteCode}` (spec 01 §2): says who invites. A visitor signs in or signs up and
 * comes back here through `?redirect=`; a signed-in user accepts on arrival and lands on
 * `/home?friendAdded=true`. Expired and used invitations say so.
 */
export function FriendInvitePage() {
  const { t } = useTranslation();
  const to = useLangPath();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const code = (useParams().inviteCode ?? "").trim();
  const { user, status } = useSession();
  const [lookup, setLookup] = useState<InviteLookup | null>(null);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (!code) return;
    const controller = new AbortController();
    void lookUpFriendInvite(code, controller.signal).then((found) => !controller.signal.aborted && setLookup(found));
    return () => controller.abort();
  }, [code]);

  const info = lookup?.kind === "found" ? lookup.info : null;
  const refusal = info ? refusalOf(info) : null;

  useEffect(() => {
    if (status !== "authenticated" || !user || !lookup || started.current || refusal || lookup.kind === "refused") return;
    started.current = true; // one accept per visit, also under StrictMode's double effects
    (async () => {
      const accepted = await acceptFriendInvite(code);
      await revalidateChatList();
      const name = accepted.friendName || info?.inviterName;
      toast.success(name ? t("people.friendInvite.accepted", { name }) : t("people.friendInvite.acceptedAnonymous"));
      navigate(`${to("/home")}?friendAdded=true`, { replace: true });
    })().catch((err: unknown) => setError(err instanceof ApiError && err.message ? err.message : t("people.friendInvite.failed")));
  }, [status, user, lookup, refusal, info, code, navigate, to, t]);

  const home = (
    <Link className="btn btn--primary btn--md" to={to("/home")}>
      {t("common.backToHome")}
    </Link>
  );
  const failure = !code
    ? t("people.friendInvite.invalid")
    : refusal
      ? t(`people.friendInvite.${refusal}`)
      : lookup?.kind === "refused"
        ? lookup.message || t("people.friendInvite.invalid")
        : error;
  if (failure) return <MessageScreen testId="friend-invite-error" title={t("people.friendInvite.failedTitle")} body={failure} actions={home} />;

  const invitedBy = info?.inviterName ? t("people.friendInvite.invitedBy", { name: info.inviterName }) : t("people.friendInvite.invitedBySomeone");
  if (status === "unauthenticated" && lookup) {
    const back = `?redirect=${encodeURIComponent(pathname)}`;
    return (
      <MessageScreen
        testId="friend-invite-visitor"
        title={invitedBy}
        body={t("people.friendInvite.signInHint")}
        actions={
          <>
            <Link className="btn btn--primary btn--md" to={`${to("/auth/signin")}${back}`} data-testid="friend-invite-signin">
              {t("people.friendInvite.signIn")}
            </Link>
            <Link className="btn btn--secondary btn--md" to={`${to("/auth/signup")}${back}`} data-testid="friend-invite-signup">
              {t("people.friendInvite.signUp")}
            </Link>
          </>
        }
      />
    );
  }
  if (status === "error") return <SessionFailedScreen />;
  if (status === "loading" || !lookup) return <LoadingScreen title={t("common.loading")} detail={t("screens.checkingAuth")} />;
  return <LoadingScreen title={invitedBy} detail={t("people.friendInvite.accepting")} testId="friend-invite-pending" />;
}
