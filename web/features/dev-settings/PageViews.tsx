import { useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import type { PageStatsAnswer, PageStatsRow } from "../../../contract";
import { silentFetcher } from "../../app/api/swr";
import { Button } from "../../ui/Button";
import { LoadState } from "../../ui/LoadState";
import "./page-views.css";

const PERIODS = [7, 14, 30, 90] as const;

function byDay(rows: PageStatsRow[]): [string, PageStatsRow[]][] {
  const days = new Map<string, PageStatsRow[]>();
  for (const row of rows) days.set(row.day, [...(days.get(row.day) ?? []), row]);
  return [...days];
}

function AverageTime({ ms }: { ms: number | null }) {
  const { t } = useTranslation();
  if (ms === null) return <>{t("pageViews.none")}</>;
  const total = Math.round(ms / 1000);
  const m = Math.floor(total / 60);
  const s = total % 60;
  return <>{m > 0 ? t("pageViews.minutes", { m, s }) : t("pageViews.seconds", { s })}</>;
}

function DayTable({ day, rows }: { day: string; rows: PageStatsRow[] }) {
  const { t } = useTranslation();
  return (
    <table className="page-views__table" data-testid={`page-views-${day}`}>
      <caption>{day}</caption>
      <thead>
        <tr>
          <th scope="col">{t("pageViews.page")}</th>
          <th scope="col">{t("pageViews.views")}</th>
          <th scope="col">{t("pageViews.leaves")}</th>
          <th scope="col">{t("pageViews.averageTime")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.path} data-page={row.path}>
            <th scope="row" className="page-views__path">
              {row.path}
            </th>
            <td data-cell="views">{row.views}</td>
            <td data-cell="leaves">{row.leaves}</td>
            <td>
              <AverageTime ms={row.averageDurationMs} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Views per page and day from the local store (worker/analytics/store.ts; where an Analytics Engine
 * dataset is bound, that file's comment has the SQL API query for production counts).
 */
export function PageViews() {
  const { t } = useTranslation();
  const [days, setDays] = useState<number>(14);
  const { data, error, isLoading, isValidating, mutate } = useSWR<PageStatsAnswer>(
    ["/api/analytics/page-views", { days: String(days) }] as const,
    silentFetcher,
    { keepPreviousData: true },
  );
  return (
    <section className="card stack" aria-labelledby="page-views-title" data-testid="dev-page-views">
      <div className="page-views__head">
        <h2 id="page-views-title" className="card__title">
          {t("pageViews.title")}
        </h2>
        <div className="page-views__controls">
          <label className="field__label" htmlFor="page-views-days">
            {t("pageViews.daysLabel")}
          </label>
          <select id="page-views-days" className="field__input" value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {PERIODS.map((n) => (
              <option key={n} value={n}>
                {t("pageViews.days", { count: n })}
              </option>
            ))}
          </select>
          <Button size="sm" variant="secondary" onClick={() => void mutate()} disabled={isValidating} data-testid="page-views-refresh">
            {t("pageViews.refresh")}
          </Button>
        </div>
      </div>
      <p className="muted small">{t("pageViews.intro")}</p>
      {data?.store === "analytics_engine" && <p className="muted small">{t("pageViews.analyticsEngine")}</p>}
      <LoadState loading={isLoading && !data} failed={Boolean(error) && !data} failedText={t("pageViews.loadFailed")} onRetry={() => void mutate()} />
      {data && data.rows.length === 0 && <p className="muted">{t("pageViews.empty")}</p>}
      {data && byDay(data.rows).map(([day, rows]) => <DayTable key={day} day={day} rows={rows} />)}
    </section>
  );
}
