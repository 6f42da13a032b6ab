import { useTranslation } from "react-i18next";
import type { OnboardingPurpose, PurposeId } from "../../../contract";
import { Spinner } from "../../ui/Spinner";
import { PURPOSE_ICONS } from "./purposeIcons";

interface PurposeListProps {
  purposes: OnboardingPurpose[];
  /** The purpose being set up, while its request runs. */
  busyId: PurposeId | null;
  onChoose: (id: PurposeId) => void;
}

/** The onboarding question's answers: one button per purpose, with its lucide icon. */
export function PurposeList({ purposes, busyId, onChoose }: PurposeListProps) {
  const { t } = useTranslation();
  return (
    <ul className="onboarding__purposes" aria-label={t("onboarding.purposesLabel")}>
      {purposes.map((p) => {
        const Icon = PURPOSE_ICONS[p.id];
        const busy = busyId === p.id;
        return (
          <li key={p.id}>
            <button
              type="button"
              className="onboarding__purpose"
              onClick={() => onChoose(p.id)}
              disabled={busyId !== null}
              aria-busy={busy || undefined}
              data-testid={`onboarding-purpose-${p.id}`}
            >
              <span className="onboarding__purpose-icon" aria-hidden>
                {busy ? <Spinner size={20} /> : <Icon size={22} />}
              </span>
              <span className="onboarding__purpose-text">
                <span className="onboarding__purpose-title">{t(`onboarding.purposes.${p.id}.title`)}</span>
                <span className="onboarding__purpose-desc">{t(`onboarding.purposes.${p.id}.description`)}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
