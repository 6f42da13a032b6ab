import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../ui/toast";
import useSWR from "swr";
import { INVITE_EMAIL_PATTERN, type GroupInvite } from "../../../contract";
import { api } from "../../app/api/client";
import { silentFetcher, type ApiKey } from "../../app/api/swr";
import { useLang } from "../../i18n/useLang";
import { Button } from "../../ui/Button";
import { InviteEmailForm, InviteHistory, InviteRow } from "../../ui/InviteParts";
import { formatDate } from "../../ui/format";
import { Modal } from "../../ui/Modal";
import { Spinner } from "../../ui/Spinner";
import { errorMessage } from "./groupErrors";
import { groupInviteLink } from "./inviteLink";
import { RefreshIcon } from "../../ui/icons";

interface InviteGroupModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  chatId: string;
}

/** 'Invite to Group' (spec 02 §2.11): e-mail an invitation and see the recent ones. */
export function InviteGroupModal({ open, onOpenChange, chatId }: InviteGroupModalProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const key: ApiKey | null = open ? ["/api/group-invites", { type: "sent", chatId }] : null;
  const { data, isLoading, isValidating, mutate } = useSWR<{ invites: GroupInvite[] }>(key, silentFetcher, {
    revalidateOnFocus: false,
    onError: () => toast.error(t("groups.invite.loadFailed"), { id: "group-invites-failed" }),
  });
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const close = (next: boolean) => {
    if (!next) {
      setEmail("");
      setError(null);
    }
    onOpenChange(next);
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!chatId) return setError(t("groups.invite.noChat"));
    if (!INVITE_EMAIL_PATTERN.test(address)) return setError(t("groups.invite.invalidEmail"));
    setSending(true);
    setError(null);
    try {
      await api.post("/api/group-invites", { inviteeEmail: address, chatId }, { silent: true });
      toast.success(t("groups.invite.sent", { email: address }));
      setEmail("");
      void mutate();
    } catch (err) {
      const message = errorMessage(err) || t("groups.invite.failed");
      // Organization problems (the invitee is elsewhere, not allowed) need reading time and stay inline.
      if (/organi[sz]ation/i.test(message)) {
        setError(message);
        toast.error(message, { duration: 6000 });
      } else toast.error(message);
    } finally {
      setSending(false);
    }
  };

  const copy = async (invite: GroupInvite) => {
    try {
      await navigator.clipboard.writeText(groupInviteLink(window.location.origin, invite.invite_code));
      toast.success(t("groups.invite.linkCopied"));
    } catch {
      toast.error(t("groups.invite.copyFailed"));
    }
  };

  const invites = data?.invites ?? [];
  return (
    <Modal open={open} onOpenChange={close} size="md" title={t("groups.invite.title")} description={t("groups.invite.description")} testId="invite-group-modal">
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
          label: t("groups.invite.emailLabel"),
          placeholder: t("groups.invite.emailPlaceholder"),
          send: t("groups.invite.send"),
          sending: t("groups.invite.sending"),
        }}
        testId="invite"
      />
      <InviteHistory
        title={t("groups.invite.recent")}
        headerAction={
          <button
            type="button"
            className="icon-btn"
            onClick={() => void mutate()}
            disabled={isValidating}
            aria-label={t("groups.invite.refresh")}
            data-testid="invite-refresh"
          >
            {isValidating ? <Spinner size={14} /> : <RefreshIcon />}
          </button>
        }
        loading={isLoading && !data}
        loadingText={t("common.loading")}
        empty={data && invites.length === 0 ? t("groups.invite.none") : null}
        testId="invite-history"
      >
        {invites.map((invite) => (
          <InviteRow
            key={invite.id}
            testId={`invite-row-${invite.id}`}
            email={invite.invitee_email}
            when={formatDate(invite.created_at, lang)}
            status={invite.status}
            statusText={t(`groups.invite.status.${invite.status}`)}
            action={
              invite.status === "pending" && (
                <Button size="sm" variant="secondary" onClick={() => void copy(invite)} data-testid={`invite-copy-${invite.id}`}>
                  {t("groups.invite.copyLink")}
                </Button>
              )
            }
          />
        ))}
      </InviteHistory>
    </Modal>
  );
}
