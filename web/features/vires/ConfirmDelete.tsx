import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../ui/ConfirmDialog";

interface ConfirmDeleteProps {
  open: boolean;
  title: string;
  body: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The delete confirmation for a VIRE or a knowledge file (spec 01 §5); locked while deleting. */
export function ConfirmDelete(props: ConfirmDeleteProps) {
  const { t } = useTranslation();
  return <ConfirmDialog {...props} confirmText={t("vires.deleteConfirm.confirm")} workingText={t("vires.deleteConfirm.working")} testIdPrefix="vire-confirm" />;
}
