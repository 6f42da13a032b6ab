import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { toast } from "../../ui/toast";
import { useSession } from "../../app/session/useSession";
import { InviteLinkScreen } from "../../ui/InviteLinkScreen";
import { extractInviteCode } from "./inviteCode";
import { joinErrorText } from "./joinErrors";
import { joinOrganization, useSwitchOrganization } from "./useOrganizations";

/**
 * `/join/{inviteCode}`: opening an invite link joins the organization and switches to it. A
 * signed-out visitor signs in first and comes back here through `?redirect=`.
 */
export function JoinByInvitePage() {
  const { t } = useTranslation();
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

  return (
    <InviteLinkScreen
      status={status}
      failure={!code || error ? { title: t("join.failedTitle"), body: error ?? t("join.invalidCode"), testId: "join-error" } : null}
      pending={{ title: t("join.pageTitle"), detail: t("join.pageJoining", { code }), testId: "join-pending" }}
    />
  );
}
