import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PLAN_CATALOGUE, TIERS, UNLIMITED, type Tier } from "../../../contract";
import { useLang, useLangPath } from "../../i18n/useLang";
import { Button } from "../Button";
import { formatNumber } from "../format";
import { Modal } from "../Modal";
import { PlanCard, type LimitedItem } from "./PlanCard";
import { planAction, recommendedTier } from "./planActions";
import { usePlanActionHandler } from "./usePlanActionHandler";

export interface PlanLimitModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What ran out. */
  item: LimitedItem;
  /** The viewer's effective tier (see `effectiveTier` in contract). */
  currentTier: Tier;
  /** The limit the server reported; defaults to the catalogue's limit for the current tier. */
  limit?: number;
  /** Defaults to opening the pricing page with the recommended plan highlighted. */
  onViewComparison?: () => void;
}

function catalogueLimit(tier: Tier, item: LimitedItem): number {
  const plan = PLAN_CATALOGUE[tier];
  return item === "agentRequests" ? plan.monthlyQuota : plan.limits[item];
}

/**
 * The plan-limit modal of spec 02 §2.3: opened when creating something would exceed the plan.
 * It names the limit that was hit and lays out the four plans with the next tier recommended.
 */
export function PlanLimitModal({ open, onOpenChange, item, currentTier, limit, onViewComparison }: PlanLimitModalProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const to = useLangPath();
  const navigate = useNavigate();
  const handleAction = usePlanActionHandler();
  const recommended = recommendedTier(currentTier);
  const max = limit ?? catalogueLimit(currentTier, item);
  const itemText = t(`plans.items.${item}`);
  const banner =
    max === UNLIMITED ? t("plans.supportsUnlimited", { item: itemText }) : t("plans.supportsUpTo", { value: formatNumber(max, lang), item: itemText });

  const viewComparison = () => {
    onOpenChange(false);
    if (onViewComparison) onViewComparison();
    else navigate(`${to("/membership")}${recommended ? `?plan=${recommended}` : ""}`);
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="xl"
      title={t("plans.modalTitle")}
      description={t("plans.modalDescription")}
      testId="plan-limit-modal"
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)} data-testid="plan-limit-later">
            {t("plans.later")}
          </Button>
          <Button variant="secondary" onClick={viewComparison} data-testid="plan-limit-compare">
            {t("plans.viewComparison")}
          </Button>
        </>
      }
    >
      <div className="limit-banner" role="alert" data-testid="plan-limit-banner">
        <strong className="limit-banner__title">{t("plans.limitReached")}</strong>
        <span>{banner}</span>
      </div>
      <div className="plan-grid plan-grid--compact">
        {TIERS.map((tier) => (
          <PlanCard
            key={tier}
            plan={PLAN_CATALOGUE[tier]}
            lang={lang}
            compact
            limitedItem={item}
            action={planAction(tier, currentTier)}
            recommended={tier === recommended}
            onAction={() => handleAction(tier, planAction(tier, currentTier))}
          />
        ))}
      </div>
    </Modal>
  );
}
