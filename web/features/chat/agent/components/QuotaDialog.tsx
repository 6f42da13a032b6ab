import { useTranslation } from "react-i18next";
import { Button } from "../../../../ui/Button";
import { Modal } from "../../../../ui/Modal";

/** Spec 02 §8: after the quota toast, a confirm that offers the membership page in a new tab. */
export function QuotaDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      size="sm"
      title={t("agent.quota.title")}
      description={t("agent.quota.body")}
      testId="quota-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose} data-testid="quota-later">
            {t("agent.quota.later")}
          </Button>
          <Button
            data-testid="quota-upgrade"
            onClick={() => {
              window.open("/membership", "_blank", "noopener,noreferrer");
              onClose();
            }}
          >
            {t("agent.quota.upgrade")}
          </Button>
        </>
      }
    />
  );
}
