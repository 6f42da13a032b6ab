import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../ui/toast";
import useSWR from "swr";
import type { OrganizationInvite } from "../../../contract";
import { api } from "../../app/api/client";
import { silentFetcher } from "../../app/api/swr";
import { Button } from "../../ui/Button";
import { Modal } from "../../ui/Modal";
import { LoadState } from "../../ui/LoadState";

interface InviteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  organizationId: string;
  organizationName: string;
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false; // insecure context or permission denied
  }
}

/** For administrators: the organization's invite link and code, with copy and reset. */
export function InviteDialog({ open, onOpenChange, organizationId, organizationName }: InviteDialogProps) {
  const { t } = useTranslation();
  const key = open ? `/api/organizations/${encodeURIComponent(organizationId)}/invite` : null;
  const { data, error, isLoading, mutate } = useSWR<OrganizationInvite>(key, silentFetcher);
  const [resetting, setResetting] = useState(false);
  const link = data ? new URL(data.invitePath, window.location.origin).toString() : "";

  const copy = async (text: string, done: string) => {
    if (await copyText(text)) toast.success(done);
    else toast.error(t("invite.copyFailed"));
  };

  const reset = async () => {
    setResetting(true);
    try {
      const fresh = await api.post<OrganizationInvite>(`/api/organizations/${encodeURIComponent(organizationId)}/invite/reset`);
      await mutate(fresh, { revalidate: false });
      toast.success(t("invite.resetDone"));
    } catch {
      // The client showed the server's message.
    } finally {
      setResetting(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t("invite.title", { name: organizationName })}
      description={t("invite.description")}
      testId="org-invite-dialog"
    >
      <LoadState loading={isLoading} failed={Boolean(error) && !data} failedText={t("invite.loadFailed")} onRetry={() => void mutate()} />
      {data && (
        <div className="stack">
          <div className="copy-row">
            <label className="field__label" htmlFor="invite-link">
              {t("invite.linkLabel")}
            </label>
            <div className="row">
              <input id="invite-link" className="field__input" readOnly value={link} onFocus={(e) => e.target.select()} data-testid="org-invite-url" />
              <Button variant="secondary" onClick={() => void copy(link, t("invite.linkCopied"))} data-testid="org-invite-copy-link">
                {t("invite.copyLink")}
              </Button>
            </div>
          </div>
          <div className="copy-row">
            <label className="field__label" htmlFor="invite-code">
              {t("invite.codeLabel")}
            </label>
            <div className="row">
              <input
                id="invite-code"
                className="field__input field__input--code"
                readOnly
                value={data.inviteCode}
                onFocus={(e) => e.target.select()}
                data-testid="org-invite-code"
              />
              <Button variant="secondary" onClick={() => void copy(data.inviteCode, t("invite.codeCopied"))} data-testid="org-invite-copy-code">
                {t("invite.copyCode")}
              </Button>
            </div>
          </div>
          <div className="row row--end">
            <Button variant="danger" busy={resetting} onClick={() => void reset()} data-testid="org-invite-reset">
              {resetting ? t("invite.resetting") : t("invite.reset")}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
