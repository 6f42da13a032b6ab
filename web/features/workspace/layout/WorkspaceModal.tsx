import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CloseIcon } from "../../../ui/icons";

interface WorkspaceModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Sets the dialog's own size (the commit dialog is 600x700, Service Status 680 wide). */
  className: string;
  children: ReactNode;
  footer?: ReactNode;
  testId: string;
}

/** The app's modal chrome (ui/Modal) with a workspace-specific size; Escape closes, focus is trapped. */
export function WorkspaceModal({ open, onOpenChange, title, className, children, footer, testId }: WorkspaceModalProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal__overlay" />
        <Dialog.Content className={`modal ${className}`} data-testid={testId} aria-describedby={undefined}>
          <header className="modal__header">
            <Dialog.Title className="modal__title">{title}</Dialog.Title>
            <Dialog.Close className="icon-btn" aria-label={t("common.close")}>
              <CloseIcon />
            </Dialog.Close>
          </header>
          <div className="ws-modal__body">{children}</div>
          {footer && <footer className="modal__footer">{footer}</footer>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface ConfirmProps {
  open: boolean;
  title: string;
  body: string;
  confirmText: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  testId: string;
}

/** The confirmation that kill, restart and checkout ask for (spec 03 §5). */
export function ConfirmModal({ open, title, body, confirmText, busy = false, onConfirm, onCancel, testId }: ConfirmProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal__overlay ws-confirm__overlay" />
        <Dialog.Content className="modal modal--sm ws-confirm" role="alertdialog" data-testid={testId}>
          <Dialog.Title className="modal__title">{title}</Dialog.Title>
          <Dialog.Description className="modal__description">{body}</Dialog.Description>
          <footer className="modal__footer">
            <button type="button" className="btn btn--ghost btn--md" onClick={onCancel} disabled={busy} data-testid={`${testId}-cancel`}>
              {t("common.cancel")}
            </button>
            <button
              type="button"
              className="btn btn--danger btn--md"
              onClick={onConfirm}
              disabled={busy}
              aria-busy={busy || undefined}
              data-testid={`${testId}-ok`}
            >
              {confirmText}
            </button>
          </footer>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
