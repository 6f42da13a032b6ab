import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PLAN_CATALOGUE } from "../../../contract";
import { useLangPath } from "../../i18n/useLang";
import { Button } from "../../ui/Button";
import { Modal } from "../../ui/Modal";
import type { UpgradePrompt } from "./useCreateGate";

interface UpgradeRequiredDialogProps {
  prompt: UpgradePrompt | null;
  onClose: () => void;
  /** Closes the VIRE dialog too when the user follows the link to the pricing page. */
  onNavigate: () => void;
}

/** Spec 01 §2 'Upgrade-required dialog': opened when the plan check or the count call fails. */
export function UpgradeRequiredDialog({ prompt, onClose, onNavigate }: UpgradeRequiredDialogProps) {
  const { t } = useTranslation();
  const to = useLangPath();
  const limits = t("vires.upgrade.limits", {
    free: PLAN_CATALOGUE.free.limits.virtualEmployees,
    personal: PLAN_CATALOGUE.starter.limits.virtualEmployees,
  });
  return (
    <Modal
      open={prompt !== null}
      onOpenChange={(open) => !open && onClose()}
      size="sm"
      title={t("vires.upgrade.title")}
      description={prompt?.countFailed ? t("vires.upgrade.countFailed") : (prompt?.serverMessage ?? t("vires.upgrade.body"))}
      testId="vire-upgrade-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose} data-testid="vire-upgrade-later">
            {t("vires.upgrade.later")}
          </Button>
          <Link
            className="btn btn--primary btn--md"
            to={to("/membership")}
            onClick={() => {
              onClose();
              onNavigate();
            }}
            data-testid="vire-upgrade-link"
          >
            {t("vires.upgrade.viewPlans")}
          </Link>
        </>
      }
    >
      <p className="vire-upgrade__limits" data-testid="vire-upgrade-limits">
        {limits}
      </p>
    </Modal>
  );
}
