import { useTranslation } from "react-i18next";
import { StopIcon } from "../../../../ui/icons";

/** The composer's pause button (spec 02 §2.7); ChatRoom decides when it shows (spec 02 §6). */
export function PauseButton({ onPause }: { onPause: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="composer__pause"
      data-testid="composer-pause"
      aria-label={t("agent.composer.pause")}
      title={t("agent.composer.pause")}
      onClick={onPause}
    >
      <StopIcon size={14} fill="currentColor" />
    </button>
  );
}
