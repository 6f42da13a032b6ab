import { useTranslation } from "react-i18next";
import { Modal } from "../../ui/Modal";
import { MentionsPanel, type MentionsPanelProps } from "./MentionsPanel";

interface MentionsDialogProps extends MentionsPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  unread: number;
}

/** The Mentions button's dialog. Loaded when the button is first used. */
export function MentionsDialog({ open, onOpenChange, unread, ...panel }: MentionsDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t("mentions.title", { count: unread })} size="md" testId="mentions-panel">
      <MentionsPanel {...panel} />
    </Modal>
  );
}
