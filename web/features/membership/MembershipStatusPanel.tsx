import { useTranslation } from "react-i18next";
import { PLAN_CATALOGUE, type MembershipStatus, type Tier } from "../../../contract";
import type { Language } from "../../i18n/language";
import { Button } from "../../ui/Button";
import { formatDate } from "../../ui/format";
import { Spinner } from "../../ui/Spinner";

interface Props {
  status: MembershipStatus | undefined;
  tier: Tier | null;
  failed: boolean;
  onRetry: () => void;
  lang: Language;
}

/** "Your membership": the effective plan and when it ends. */
export function MembershipStatusPanel({ status, tier, failed, onRetry, lang }: Props) {
  const { t } = useTranslation();
  let body;
  if (status && tier) {
    const paidPlan = PLAN_CATALOGUE[status.tier]?.displayName[lang] ?? status.member_plan;
    const expiry = status.member_expire_at;
    const expired = status.is_member && expiry !== null && new Date(expiry).getTime() <= Date.now();
    let detail: string;
    if (expired) detail = t("membership.expired", { plan: paidPlan, date: formatDate(expiry, lang) });
    else if (tier === "free") detail = t("membership.freeNote");
    else if (expiry) detail = t("membership.expires", { date: formatDate(expiry, lang) });
    else detail = t("membership.noExpiry");
    body = (
      <dl className="status-list">
        <div>
          <dt>{t("membership.planLabel")}</dt>
          <dd data-testid="membership-current-plan">{PLAN_CATALOGUE[tier].displayName[lang]}</dd>
        </div>
        <div>
          <dt className="sr-only">{t("membership.statusTitle")}</dt>
          <dd data-testid="membership-expiry">{detail}</dd>
        </div>
      </dl>
    );
  } else if (failed) {
    body = (
      <div className="inline-error" role="alert">
        {t("membership.statusFailed")}{" "}
        <Button size="sm" variant="secondary" onClick={onRetry}>
          {t("common.retry")}
        </Button>
      </div>
    );
  } else {
    body = (
      <p role="status" className="muted">
        <Spinner size={14} /> {t("common.loading")}
      </p>
    );
  }
  return (
    <section className="card status-card" aria-labelledby="membership-status-title" data-testid="membership-status">
      <h2 id="membership-status-title" className="card__title">
        {t("membership.statusTitle")}
      </h2>
      {body}
    </section>
  );
}
