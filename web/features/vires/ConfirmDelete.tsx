import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button";
import { Modal } from "../../ui/Modal";

interface ConfirmDeleteProps {
  open: boolean;
  title: string;
  body: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The delete confirmation for a VIRE or a knowledge file (spec 01 §5); locked while deleting. */
export function ConfirmDelete({ open, title, body, busy, onConfirm, onCancel }: ConfirmDeleteProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && !busy && onCancel()}
      size="sm"
      title={title}
      description={body}
      testId="vire-confirm-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy} data-testid="vire-confirm-cancel">
            {t("common.cancel")}
          </Button>
          <Button variant="danger" onClick={onConfirm} busy={busy} data-testid="vire-confirm-ok">
            {busy ? t("vires.deleteConfirm.working") : t("vires.deleteConfirm.confirm")}
          </Button>
        </>
      }
    />
  );
}
