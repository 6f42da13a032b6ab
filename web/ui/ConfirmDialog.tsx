import { useTranslation } from "react-i18next";
import { Button } from "./Button";
import { Modal } from "./Modal";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: string;
  confirmText: string;
  /** The confirm button's text while the action runs. */
  workingText: string;
  busy: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Test ids are `{prefix}-dialog`, `{prefix}-ok` and `{prefix}-cancel`. */
  testIdPrefix?: string;
}

/** A confirmation (remove, leave, dissolve, delete): both buttons are locked while the action runs. */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmText,
  workingText,
  busy,
  danger = true,
  onConfirm,
  onCancel,
  testIdPrefix = "confirm",
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && !busy && onCancel()}
      size="sm"
      title={title}
      description={body}
      testId={`${testIdPrefix}-dialog`}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy} data-testid={`${testIdPrefix}-cancel`}>
            {t("common.cancel")}
          </Button>
          <Button variant={danger ? "danger" : "primary"} onClick={onConfirm} busy={busy} data-testid={`${testIdPrefix}-ok`}>
            {busy ? workingText : confirmText}
          </Button>
        </>
      }
    />
  );
}
