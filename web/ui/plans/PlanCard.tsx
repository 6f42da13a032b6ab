import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { UNLIMITED, type TierConfig } from "../../../contract";
import type { Language } from "../../i18n/language";
import { Button } from "../Button";
import { formatNumber, formatPrice } from "../format";
import type { PlanAction } from "./planActions";
import { CheckIcon } from "../icons";

export type LimitedItem = "virtualEmployees" | "groupChats" | "projects" | "agentRequests";

interface PlanCardProps {
  plan: TierConfig;
  lang: Language;
  action: PlanAction;
  recommended: boolean;
  highlighted?: boolean;
  /** The item a limit modal is about; shown first so the card answers "how many would I get". */
  limitedItem?: LimitedItem;
  compact?: boolean;
  onAction: () => void;
}

function limitText(t: TFunction, key: "quota" | "vires" | "groups" | "projects", value: number, lang: Language): string {
  return value === UNLIMITED ? t(`plans.${key}Unlimited`) : t(`plans.${key}`, { count: value, value: formatNumber(value, lang) });
}

/** One plan of the catalogue: price, quotas and limits, badges and the action button. */
export function PlanCard({ plan, lang, action, recommended, highlighted, limitedItem, compact, onAction }: PlanCardProps) {
  const { t } = useTranslation();
  const name = plan.displayName[lang];
  const features: { key: string; text: string }[] = [
    { key: "agentRequests", text: limitText(t, "quota", plan.monthlyQuota, lang) },
    { key: "virtualEmployees", text: limitText(t, "vires", plan.limits.virtualEmployees, lang) },
    { key: "groupChats", text: limitText(t, "groups", plan.limits.groupChats, lang) },
  ];
  if (!compact || limitedItem === "projects") features.push({ key: "projects", text: limitText(t, "projects", plan.limits.projects, lang) });
  if (limitedItem) features.sort((a, b) => Number(b.key === limitedItem) - Number(a.key === limitedItem));

  const buttonText = {
    current: t("plans.currentPlan"),
    useFree: t("plans.useFree"),
    contactSales: t("plans.contactSales"),
    upgrade: t("plans.upgradeTo", { plan: name }),
    switch: t("plans.switchTo", { plan: name }),
  }[action];
  const headingId = `plan-${plan.tier}-name`;

  return (
    <article
      className={`plan-card${action === "current" ? " plan-card--current" : ""}${recommended ? " plan-card--recommended" : ""}${highlighted ? " plan-card--highlighted" : ""}${compact ? " plan-card--compact" : ""}`}
      aria-labelledby={headingId}
      data-testid={`plan-card-${plan.tier}`}
      data-current={action === "current" || undefined}
      style={{ ["--plan-color" as string]: plan.color }}
    >
      <div className="plan-card__badges">
        {action === "current" && <span className="badge badge--current">{t("plans.currentPlan")}</span>}
        {recommended && <span className="badge badge--recommended">{t("plans.recommended")}</span>}
      </div>
      <h3 id={headingId} className="plan-card__name">
        {name}
      </h3>
      {!compact && <p className="plan-card__description">{plan.description[lang]}</p>}
      <p className="plan-card__price">
        <span className="plan-card__amount">{formatPrice(plan.pricing.price, plan.pricing.currency, lang)}</span>{" "}
        <span className="plan-card__interval">{t("plans.perInterval", { interval: t(`plans.intervals.${plan.pricing.interval}`) })}</span>
      </p>
      <ul className="plan-card__features">
        {features.map((feature) => (
          <li key={feature.key} className={feature.key === limitedItem ? "plan-card__feature--limited" : undefined}>
            <CheckIcon className="plan-card__check" size={14} strokeWidth={3} />
            {feature.text}
          </li>
        ))}
      </ul>
      <Button
        variant={action === "upgrade" ? "primary" : "secondary"}
        className="plan-card__action"
        disabled={action === "current"}
        onClick={onAction}
        data-testid={`plan-action-${plan.tier}`}
      >
        {buttonText}
      </Button>
    </article>
  );
}
