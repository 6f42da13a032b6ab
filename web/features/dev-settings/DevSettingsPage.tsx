import { useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { PLAN_CATALOGUE, type DevUser } from "../../../contract";
import { silentFetcher } from "../../app/api/swr";
import { useSession } from "../../app/session/useSession";
import { useLang } from "../../i18n/useLang";
import { Avatar } from "../../ui/Avatar";
import { Button } from "../../ui/Button";
import { formatDate } from "../../ui/format";
import { PageLayout } from "../../ui/PageLayout";
import { LoadState } from "../../ui/LoadState";
import { Spinner } from "../../ui/Spinner";
import { useDebouncedValue } from "../../ui/useDebouncedValue";
import { MailOutbox } from "./MailOutbox";
import { MembershipEditor } from "./MembershipEditor";
import { PageViews } from "./PageViews";
import { useDevAccess } from "./useDevAccess";

function Loading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="muted">
      <Spinner size={14} /> {t("common.loading")}
    </p>
  );
}

function UserSearch({ selfId }: { selfId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [query, setQuery] = useState("");
  const debounced = useDebouncedValue(query.trim(), 300);
  const { data, error, isLoading, mutate } = useSWR<{ users: DevUser[] }>(["/api/dev/users", { query: debounced }] as const, silentFetcher, {
    keepPreviousData: true,
  });
  const [selected, setSelected] = useState<DevUser | null>(null);
  const users = data?.users ?? [];

  return (
    <div className="dev-grid">
      <section className="card stack" aria-labelledby="dev-users-title">
        <h2 id="dev-users-title" className="card__title">
          {t("dev.usersLabel")}
        </h2>
        <div className="field">
          <label className="field__label" htmlFor="dev-search">
            {t("dev.searchLabel")}
          </label>
          <input
            id="dev-search"
            type="search"
            className="field__input"
            placeholder={t("dev.searchPlaceholder")}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            data-testid="dev-user-search"
          />
        </div>
        <LoadState loading={isLoading && !data} failed={Boolean(error) && !data} failedText={t("dev.loadFailed")} onRetry={() => void mutate()} />
        {data && users.length === 0 && <p className="muted">{t("dev.noUsers")}</p>}
        <ul className="user-list" aria-label={t("dev.usersLabel")}>
          {users.map((user) => (
            <li key={user.id}>
              <button
                type="button"
                className="user-row"
                aria-pressed={selected?.id === user.id}
                onClick={() => setSelected(user)}
                data-testid={`dev-user-${user.id}`}
              >
                <Avatar name={user.name || user.email} size={32} />
                <span className="user-row__text">
                  <span className="user-row__name">
                    {user.name} {user.hasDevAccess && <span className="tag">{t("dev.developer")}</span>}
                  </span>
                  <span className="user-row__email">{user.email}</span>
                </span>
                <span className="user-row__plan">
                  <span className="badge">{PLAN_CATALOGUE[user.tier]?.displayName[lang] ?? user.tier}</span>
                  {user.memberExpireAt && <span className="muted small">{t("dev.expiresOn", { date: formatDate(user.memberExpireAt, lang) })}</span>}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </section>
      {selected ? (
        <MembershipEditor key={selected.id} user={selected} selfId={selfId} onSaved={setSelected} />
      ) : (
        <section className="card muted">{t("dev.selectUser")}</section>
      )}
    </div>
  );
}

/** `/{lang}/dev-settings`: developers grant plans; everyone else is told they have no access. */
export function DevSettingsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { hasDevAccess, known, error, retry } = useDevAccess();

  let content;
  if (!known && error) {
    content = (
      <div className="inline-error" role="alert">
        {t("dev.checkFailed")}{" "}
        <Button size="sm" variant="secondary" onClick={() => void retry()}>
          {t("common.retry")}
        </Button>
      </div>
    );
  } else if (!known) content = <Loading />;
  else if (!hasDevAccess) {
    content = (
      <section className="card" role="alert" data-testid="dev-no-access">
        <h2 className="card__title">{t("dev.noAccessTitle")}</h2>
        <p>{t("dev.noAccessBody")}</p>
      </section>
    );
  } else {
    content = (
      <div className="stack">
        <UserSearch selfId={user?.id ?? ""} />
        <MailOutbox />
        <PageViews />
      </div>
    );
  }

  return (
    <PageLayout title={t("dev.title")} subtitle={hasDevAccess ? t("dev.subtitle") : undefined} testId="dev-settings-page">
      {content}
    </PageLayout>
  );
}
