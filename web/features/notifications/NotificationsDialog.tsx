import { useTranslation } from "react-i18next";
import { Modal } from "../../ui/Modal";
import { NotificationList } from "./NotificationList";

/** The bell's panel: the list with its actions. Loaded when the bell is first opened. */
export function NotificationsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t("notifications.title")} size="md" testId="system-notifications-panel">
      <NotificationList />
    </Modal>
  );
}
