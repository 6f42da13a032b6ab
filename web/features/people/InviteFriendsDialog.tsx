import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../ui/toast";
import { ApiError } from "../../app/api/client";
import { useLang } from "../../i18n/useLang";
import { Button } from "../../ui/Button";
import { InviteEmailForm, InviteHistory, InviteRow } from "../../ui/InviteParts";
import { formatDate } from "../../ui/format";
import { Modal } from "../../ui/Modal";
import { friendInviteLink, validInviteEmail, withNewInvitation, type FriendInvitation } from "./people";
import { sendFriendInvite, useSentInvitations } from "./usePeople";

interface InviteFriendsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Invite friends' (spec 01 §2): e-mail an invitation, see the sent ones newest first, copy a pending one's link. */
export function InviteFriendsDialog({ open, onOpenChange }: InviteFriendsDialogProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const { invitations, loading, failed, reload } = useSentInvitations(open, () =>
    toast.error(t("people.inviteFriends.historyFailed"), { id: "friend-invites-failed" }),
  );
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const close = (next: boolean) => {
    if (sending) return;
    if (!next) {
      setEmail("");
      setError(null);
    }
    onOpenChange(next);
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!validInviteEmail(address)) return setError(t("people.inviteFriends.invalidEmail"));
    setSending(true);
    setError(null);
    try {
      const sent = await sendFriendInvite(address);
      // The new invitation shows at once; the reload then brings the server's own row.
      await reload((current) => ({ invites: withNewInvitation(current?.invites ?? [], address, sent, new Date()) }), { revalidate: true });
      toast.success(t("people.inviteFriends.sent", { email: address }));
      setEmail("");
    } catch (err) {
      const detail = err instanceof ApiError && err.kind !== "cancel" && err.message ? err.message : null;
      setError(detail ?? t("people.inviteFriends.sendFailed"));
      toast.error(t("people.inviteFriends.sendFailed"), detail ? { description: detail } : undefined);
    } finally {
      setSending(false);
    }
  };

  const copy = async (invitation: FriendInvitation) => {
    try {
      await navigator.clipboard.writeText(friendInviteLink(window.location.origin, invitation.invite_code));
      toast.success(t("people.inviteFriends.linkCopied"));
    } catch {
      toast.error(t("people.inviteFriends.copyFailed"));
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      size="md"
      title={t("people.inviteFriends.title")}
      description={t("people.inviteFriends.description")}
      testId="invite-friends-dialog"
    >
      <InviteEmailForm
        email={email}
        onEmailChange={(value) => {
          setEmail(value);
          setError(null);
        }}
        onSubmit={(event) => void send(event)}
        error={error}
        sending={sending}
        texts={{
          label: t("people.inviteFriends.emailLabel"),
          placeholder: t("people.inviteFriends.emailPlaceholder"),
          send: t("people.inviteFriends.send"),
          sending: t("people.inviteFriends.sending"),
        }}
        testId="friend-invite"
      />
      <InviteHistory
        title={t("people.inviteFriends.historyTitle")}
        loading={loading && !invitations}
        loadingText={t("common.loading")}
        failure={
          failed && (
            <p className="muted" role="alert">
              {t("people.inviteFriends.historyFailed")}{" "}
              <Button size="sm" variant="ghost" onClick={() => void reload()} data-testid="friend-invite-retry">
                {t("common.retry")}
              </Button>
            </p>
          )
        }
        empty={invitations && invitations.length === 0 ? t("people.inviteFriends.none") : null}
        testId="friend-invite-history"
      >
        {(invitations ?? []).map((invitation) => (
          <InviteRow
            key={invitation.id}
            testId={`friend-invite-row-${invitation.id}`}
            email={invitation.invitee_email}
            when={
              <>
                {formatDate(invitation.created_at, lang)}
                {invitation.status === "pending" && ` · ${t("people.inviteFriends.expires", { date: formatDate(invitation.expires_at, lang) })}`}
              </>
            }
            status={invitation.status}
            statusText={t(`people.inviteFriends.status.${invitation.status}`)}
            action={
              invitation.status === "pending" && (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => void copy(invitation)}
                  aria-label={t("people.inviteFriends.copyLinkFor", { email: invitation.invitee_email })}
                  data-testid={`friend-invite-copy-${invitation.id}`}
                >
                  {t("people.inviteFriends.copyLink")}
                </Button>
              )
            }
          />
        ))}
      </InviteHistory>
    </Modal>
  );
}
