import { useTranslation } from "react-i18next";
import { useInbox } from "./InboxProvider";

/** A small dot with a tooltip: whether chat-list updates arrive live right now. */
export function InboxStatusDot({ showLabel = false }: { showLabel?: boolean }) {
  const { t } = useTranslation();
  const { status } = useInbox();
  const label = t(`inbox.status.${status}`);
  return (
    <span className="inbox-status" data-testid="inbox-status" data-state={status} title={label} role="status" aria-live="polite">
      <span className={`status-dot status-dot--${status}`} aria-hidden />
      {showLabel ? <span className="inbox-status__label">{label}</span> : <span className="sr-only">{label}</span>}
    </span>
  );
}
