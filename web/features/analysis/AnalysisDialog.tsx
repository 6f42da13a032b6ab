import * as Dialog from "@radix-ui/react-dialog";
import { useTranslation } from "react-i18next";
import type { AnalysisSource } from "../../../contract/analysis";
import { CloseIcon } from "../../ui/icons";
import AnalysisViewer from "./AnalysisViewer";

export interface AnalysisDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  source: AnalysisSource;
  fileName: string;
}

/** The viewer over the chat (an attachment's Analyze): a large dialog, full screen on a phone. */
export default function AnalysisDialog({ open, onOpenChange, source, fileName }: AnalysisDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal__overlay" />
        <Dialog.Content className="anv-dialog" aria-describedby={undefined} data-testid="analysis-dialog">
          <header className="anv-dialog__header">
            <Dialog.Title className="anv-dialog__title">{t("analysis.title", { name: fileName })}</Dialog.Title>
            <Dialog.Close className="icon-btn" aria-label={t("common.close")}>
              <CloseIcon />
            </Dialog.Close>
          </header>
          <div className="anv-dialog__body">{open && <AnalysisViewer source={source} />}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
