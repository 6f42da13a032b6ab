import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import useSWR from "swr";
import { PLAN_CATALOGUE, TIERS, type PlansAnswer, type Tier, type TierConfig } from "../../../contract";
import { API_KEYS, silentFetcher } from "../../app/api/swr";
import { useLang } from "../../i18n/useLang";
import { PageLayout } from "../../ui/PageLayout";
import { PlanCard, planAction, recommendedTier, usePlanActionHandler } from "../../ui/plans";
import { MembershipStatusPanel } from "./MembershipStatusPanel";
import { useMembershipStatus } from "./useMembershipStatus";

const CATALOGUE: TierConfig[] = TIERS.map((tier) => PLAN_CATALOGUE[tier]);

function isTier(value: string | null): value is Tier {
  return !!value && (TIERS as readonly string[]).includes(value);
}

/** Pricing (`/{lang}/membership`): the four plans, the user's status, `?plan=` highlights one. */
export function MembershipPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [params] = useSearchParams();
  const highlighted = isTier(params.get("plan")) ? (params.get("plan") as Tier) : null;
  const { status, tier, error, retry } = useMembershipStatus();
  // The server's catalogue wins when it differs; the bundled one renders immediately.
  const { data } = useSWR<PlansAnswer>(API_KEYS.plans, silentFetcher, { fallbackData: { plans: CATALOGUE } });
  const plans = data?.plans?.length ? data.plans : CATALOGUE;
  const current: Tier = tier ?? "free";
  const recommended = tier ? recommendedTier(tier) : null;
  const handleAction = usePlanActionHandler();

  useEffect(() => {
    if (highlighted) document.querySelector(`[data-testid="plan-card-${highlighted}"]`)?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, [highlighted]);

  return (
    <PageLayout title={t("membership.title")} subtitle={t("membership.subtitle")} testId="membership-page">
      <MembershipStatusPanel status={status} tier={tier} failed={!!error} onRetry={() => void retry()} lang={lang} />
      <section aria-label={t("membership.plansLabel")} className="plan-grid" data-testid="plan-grid">
        {plans.map((plan) => {
          // Until the status is known no card claims to be current: guessing Free would mislabel paying users.
          const action = tier ? planAction(plan.tier, current) : plan.tier === "enterprise" ? "contactSales" : plan.tier === "free" ? "useFree" : "upgrade";
          return (
            <PlanCard
              key={plan.tier}
              plan={plan}
              lang={lang}
              action={action}
              recommended={plan.tier === recommended}
              highlighted={plan.tier === highlighted}
              onAction={() => handleAction(plan.tier, action)}
            />
          );
        })}
      </section>
    </PageLayout>
  );
}
