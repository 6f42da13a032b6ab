import * as Dialog from "@radix-ui/react-dialog";
import { useTranslation } from "react-i18next";
import type { ReactNode } from "react";
import { CloseIcon } from "./icons";

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: "sm" | "md" | "lg" | "xl";
  testId?: string;
}

/** Radix dialog with our chrome: focus trap, Escape to close, title and description wired to ARIA. */
export function Modal({ open, onOpenChange, title, description, children, footer, size = "md", testId }: ModalProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal__overlay" />
        <Dialog.Content className={`modal modal--${size}`} data-testid={testId} {...(description ? {} : { "aria-describedby": undefined })}>
          <header className="modal__header">
            <Dialog.Title className="modal__title">{title}</Dialog.Title>
            <Dialog.Close className="icon-btn" aria-label={t("common.close")}>
              <CloseIcon />
            </Dialog.Close>
          </header>
          {description && <Dialog.Description className="modal__description">{description}</Dialog.Description>}
          <div className="modal__body">{children}</div>
          {footer && <footer className="modal__footer">{footer}</footer>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
