import { useTranslation } from "react-i18next";
import useSWR from "swr";
import type { DevOutboxAnswer, DevOutboxMail } from "../../../contract";
import { silentFetcher } from "../../app/api/swr";
import { useLang } from "../../i18n/useLang";
import { Button } from "../../ui/Button";
import { formatMessageTime } from "../../ui/format";
import { LoadState } from "../../ui/LoadState";
import "./mail-outbox.css";

const OUTBOX_KEY = "/api/dev/mail";

function MailRow({ mail }: { mail: DevOutboxMail }) {
  const { t } = useTranslation();
  const lang = useLang();
  const time = (value: string) => formatMessageTime(value, lang, true);
  return (
    <li className="mail-row" data-testid={`dev-mail-${mail.id}`}>
      <div className="mail-row__head">
        <span className="mail-row__subject">{mail.subject}</span>
        <span className={`badge mail-status mail-status--${mail.status}`}>{t(`mail.status.${mail.status}`)}</span>
      </div>
      <div className="muted small mail-row__wrap">
        {t("mail.to")}: {mail.to}
      </div>
      <div className="muted small">
        {t("mail.attempts", { count: mail.attempts })} · {t("mail.queuedAt", { time: time(mail.createdAt) })}
        {mail.sentAt && <> · {t("mail.sentAt", { time: time(mail.sentAt) })}</>}
        {mail.status === "pending" && mail.attempts > 0 && <> · {t("mail.nextAttempt", { time: time(mail.nextAttemptAt) })}</>}
      </div>
      {mail.lastError && (
        <div className="small mail-row__error mail-row__wrap">
          {t("mail.error")}: {mail.lastError}
        </div>
      )}
      {mail.link && (
        <div className="small mail-row__wrap">
          {t("mail.link")}:{" "}
          <a href={mail.link} target="_blank" rel="noopener noreferrer">
            {mail.link}
          </a>
        </div>
      )}
    </li>
  );
}

/** The outbox, so a developer can follow invitation links and see why a mail was not delivered. */
export function MailOutbox() {
  const { t } = useTranslation();
  const { data, error, isLoading, isValidating, mutate } = useSWR<DevOutboxAnswer>(OUTBOX_KEY, silentFetcher);
  return (
    <section className="card stack" aria-labelledby="dev-mail-title" data-testid="dev-mail-outbox">
      <div className="mail-outbox__head">
        <h2 id="dev-mail-title" className="card__title">
          {t("mail.title")}
        </h2>
        <Button size="sm" variant="secondary" onClick={() => void mutate()} disabled={isValidating} data-testid="dev-mail-refresh">
          {t("mail.refresh")}
        </Button>
      </div>
      {data && <p className="muted small">{data.smtpConfigured ? t("mail.smtpOn") : t("mail.smtpOff")}</p>}
      <LoadState loading={isLoading && !data} failed={Boolean(error) && !data} failedText={t("mail.loadFailed")} onRetry={() => void mutate()} />
      {data && data.mails.length === 0 && <p className="muted">{t("mail.empty")}</p>}
      {data && data.mails.length > 0 && (
        <ul className="mail-outbox" aria-label={t("mail.listLabel")}>
          {data.mails.map((mail) => (
            <MailRow key={mail.id} mail={mail} />
          ))}
        </ul>
      )}
    </section>
  );
}
