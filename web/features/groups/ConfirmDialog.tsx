import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button";
import { Modal } from "../../ui/Modal";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: string;
  confirmText: string;
  busy: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The remove / leave / dissolve confirmation: both buttons are disabled while the action runs. */
export function ConfirmDialog({ open, title, body, confirmText, busy, danger = true, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && !busy && onCancel()}
      size="sm"
      title={title}
      description={body}
      testId="confirm-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy} data-testid="confirm-cancel">
            {t("common.cancel")}
          </Button>
          <Button variant={danger ? "danger" : "primary"} onClick={onConfirm} busy={busy} data-testid="confirm-ok">
            {busy ? t("groups.members.working") : confirmText}
          </Button>
        </>
      }
    />
  );
}
