import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { OnboardingPurpose, OnboardingResult, PurposeId } from "../../../contract";
import { revalidateChatList } from "../../app/realtime/chatListCache";
import { Button } from "../../ui/Button";
import { SetupCompleteIcon } from "../../ui/icons";
import { Modal } from "../../ui/Modal";
import { onboardingApi } from "./api";
import { PurposeList } from "./PurposeList";

interface OnboardingModalProps {
  purposes: OnboardingPurpose[];
  /** Closed by 'Get Started', or skipped (the server then stops offering it). */
  onDone: () => void;
}

/**
 * The first-run modal (spec 01 §2): 'What do you want to use this product for?', then the team
 * set up for the answer and 'Setup Complete!' with what was created.
 */
export function OnboardingModal({ purposes, onDone }: OnboardingModalProps) {
  const { t } = useTranslation();
  const [busyId, setBusyId] = useState<PurposeId | null>(null);
  const [failed, setFailed] = useState(false);
  const [result, setResult] = useState<OnboardingResult | null>(null);

  const choose = (id: PurposeId) => {
    setBusyId(id);
    setFailed(false);
    onboardingApi.setUp(id).then(
      (answer) => {
        setResult(answer);
        void revalidateChatList(); // the new group chats appear in the sidebar
      },
      () => {
        setBusyId(null);
        setFailed(true);
      },
    );
  };

  const skip = () => {
    onDone();
    onboardingApi.skip().catch(() => undefined); // not recorded: offered again next time
  };

  if (result) {
    const employees = result.results.virtualEmployeesCreated.length;
    const groups = result.results.groupChatsCreated.length;
    return (
      <Modal
        open
        onOpenChange={(open) => !open && onDone()}
        size="sm"
        testId="onboarding-complete"
        title={t("onboarding.completeTitle")}
        footer={
          <Button onClick={onDone} data-testid="onboarding-get-started" autoFocus>
            {t("onboarding.getStarted")}
          </Button>
        }
      >
        <div className="onboarding__complete">
          <SetupCompleteIcon size={40} aria-hidden className="onboarding__complete-icon" />
          <p>{t("onboarding.completeBody", { purpose: t(`onboarding.purposes.${result.purposeId}.title`) })}</p>
          <ul className="onboarding__counts">
            <li data-testid="onboarding-employees-created">{t("onboarding.employeesCreated", { count: employees })}</li>
            <li data-testid="onboarding-groups-created">{t("onboarding.groupsCreated", { count: groups })}</li>
          </ul>
          {result.limitedBy.length > 0 && <p className="onboarding__limited">{t("onboarding.limited")}</p>}
        </div>
      </Modal>
    );
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && busyId === null && skip()}
      size="md"
      testId="onboarding-modal"
      title={t("onboarding.title")}
      description={t("onboarding.question")}
      footer={
        <Button variant="secondary" onClick={skip} disabled={busyId !== null} data-testid="onboarding-skip">
          {t("onboarding.skip")}
        </Button>
      }
    >
      <p className="onboarding__hint">{t("onboarding.hint")}</p>
      {failed && (
        <p role="alert" className="onboarding__error" data-testid="onboarding-error">
          {t("onboarding.failed")}
        </p>
      )}
      <PurposeList purposes={purposes} busyId={busyId} onChoose={choose} />
      {busyId !== null && (
        <p role="status" className="onboarding__status">
          {t("onboarding.settingUp")}
        </p>
      )}
    </Modal>
  );
}
