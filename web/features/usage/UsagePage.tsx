import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import useSWR from "swr";
import { PLAN_CATALOGUE, type UsageData } from "../../../contract";
import { API_KEYS, silentFetcher } from "../../app/api/swr";
import { useLang, useLangPath } from "../../i18n/useLang";
import { formatMonth } from "../../ui/format";
import { PageLayout } from "../../ui/PageLayout";
import { ProgressMeter } from "../../ui/ProgressMeter";
import { recommendedTier } from "../../ui/plans";
import { LoadState } from "../../ui/LoadState";

const METERS = ["agentRequests", "virtualEmployees", "groupChats", "projects"] as const;

/** `/{lang}/usage`: this month's agent requests and the plan's object limits. */
export function UsagePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const to = useLangPath();
  const { data, error, isLoading, mutate } = useSWR<UsageData>(API_KEYS.usage, silentFetcher);
  const next = data ? recommendedTier(data.tier) : null;

  return (
    <PageLayout title={t("usage.title")} subtitle={data ? t("usage.subtitle", { month: formatMonth(data.month, lang) }) : undefined} testId="usage-page">
      <LoadState loading={isLoading} failed={Boolean(error) && !data} failedText={t("usage.loadFailed")} onRetry={() => void mutate()} />
      {data && (
        <>
          <section className="card usage-plan">
            <p data-testid="usage-plan">{t("usage.planLine", { plan: PLAN_CATALOGUE[data.tier]?.displayName[lang] ?? data.tier })}</p>
            <Link className="btn btn--primary btn--sm" to={`${to("/membership")}${next ? `?plan=${next}` : ""}`} data-testid="usage-upgrade">
              {t("usage.upgrade")}
            </Link>
          </section>
          <section className="card stack" aria-label={t("usage.title")}>
            {METERS.map((meter) => (
              <ProgressMeter key={meter} label={t(`usage.${meter}`)} used={data[meter].used} limit={data[meter].limit} testId={`usage-meter-${meter}`} />
            ))}
          </section>
        </>
      )}
    </PageLayout>
  );
}
