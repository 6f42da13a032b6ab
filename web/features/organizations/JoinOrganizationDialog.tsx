import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../ui/toast";
import { Button } from "../../ui/Button";
import { Field } from "../../ui/Field";
import { Modal } from "../../ui/Modal";
import { extractInviteCode } from "./inviteCode";
import { joinErrorText } from "./joinErrors";
import { joinOrganization } from "./useOrganizations";

interface JoinOrganizationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the joined organization so the caller can switch to it. */
  onJoined: (organization: { id: string; displayName: string }) => void;
}

export function JoinOrganizationDialog({ open, onOpenChange, onJoined }: JoinOrganizationDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setValue("");
      setError(null);
    }
    onOpenChange(next);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const code = extractInviteCode(value);
    if (!code) {
      setError(t("join.enterCode"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const joined = await joinOrganization(code);
      toast.success(joined.alreadyMember ? t("join.alreadyMember", { name: joined.displayName }) : t("join.joined", { name: joined.displayName }));
      setBusy(false);
      setValue("");
      onOpenChange(false);
      onJoined({ id: joined.organizationId, displayName: joined.displayName });
    } catch (err) {
      setError(joinErrorText(err, t));
      setBusy(false);
    }
  };

  return (
    <Modal open={open} onOpenChange={close} title={t("join.title")} description={t("join.description")} size="sm" testId="join-org-dialog">
      <form onSubmit={onSubmit} noValidate className="stack">
        <Field
          label={t("join.codeLabel")}
          placeholder={t("join.placeholder")}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={error}
          autoFocus
          autoComplete="off"
          spellCheck={false}
          data-testid="join-org-code"
        />
        <div className="row row--end">
          <Button variant="ghost" onClick={() => close(false)} disabled={busy}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" busy={busy} data-testid="join-org-submit">
            {busy ? t("join.joining") : t("join.submit")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
