import { useTranslation } from "react-i18next";
import { UNLIMITED } from "../../contract";
import { useLang } from "../i18n/useLang";
import { formatNumber } from "./format";

interface ProgressMeterProps {
  label: string;
  used: number;
  /** -1: unlimited. */
  limit: number;
  testId?: string;
}

/** A labelled usage bar; an unlimited meter has no maximum and says 'Unlimited'. */
export function ProgressMeter({ label, used, limit, testId }: ProgressMeterProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const unlimited = limit === UNLIMITED;
  const usedText = formatNumber(used, lang);
  const text = unlimited ? t("usage.ofUnlimited", { used: usedText }) : t("usage.ofLimit", { used: usedText, limit: formatNumber(limit, lang) });
  const ratio = unlimited || limit <= 0 ? (unlimited ? 0 : 1) : Math.min(used / limit, 1);
  const level = ratio >= 1 ? "full" : ratio >= 0.8 ? "high" : "ok";
  return (
    <div className="meter" data-testid={testId} data-level={level}>
      <div className="meter__row">
        <span className="meter__label">{label}</span>
        <span className="meter__value">{text}</span>
      </div>
      <div
        className="meter__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuenow={used}
        aria-valuemax={unlimited ? undefined : limit}
        aria-valuetext={text}
      >
        <div className="meter__fill" style={{ width: `${Math.round(ratio * 100)}%` }} />
      </div>
    </div>
  );
}
