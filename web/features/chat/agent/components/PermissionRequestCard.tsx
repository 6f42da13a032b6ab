import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../../ui/toast";
import type { PermissionRequestContent } from "../../../../../contract";
import { request } from "../../../../app/api/client";
import { formatMessageTime } from "../../../../ui/format";
import type { UiMessage } from "../../model/types";
import { useRequestStatus } from "../hooks/useRequestStatus";
import { cardRequest, displayedCard, parsePermissionRequest } from "../model/cards";

type CardAction = PermissionRequestContent["actions"][number];

/** Card buttons post only to our own API: the endpoint comes from message content. */
function safeEndpoint(endpoint: string): string | null {
  return /^\/api\/[A-Za-z0-9/_\-.]+$/.test(endpoint) && !endpoint.includes("..") ? endpoint : null;
}

function operatorText(t: (key: string) => string, name: string): string {
  if (name === "System") return t("agent.cards.permission.operators.system");
  if (name === "Group Owner") return t("agent.cards.permission.operators.owner");
  return name;
}

/** The owner's permission-request card (spec 02 §2.13, §4): Approve/Reject while pending, then the record. */
export function PermissionRequestCard({ message }: { message: UiMessage }) {
  const { t, i18n } = useTranslation();
  const stored = useMemo(() => parsePermissionRequest(message.content), [message.content]);
  const query = useMemo(() => (stored ? cardRequest(stored) : null), [stored]);
  const { status, store } = useRequestStatus(query, stored?.actionStatus === "pending");
  const [busy, setBusy] = useState<string | null>(null);
  if (!stored) return null;
  const card = displayedCard(stored, status);
  const record = card.actionRecord;

  const run = async (action: CardAction) => {
    const decision = action.payload?.decision ?? (action.id === "approve" ? "approve" : "reject");
    const failed = decision === "approve" ? t("agent.control.failed.approve") : t("agent.control.failed.reject");
    const endpoint = safeEndpoint(action.apiEndpoint);
    if (!endpoint) {
      toast.error(failed);
      return;
    }
    setBusy(action.id);
    try {
      await request(endpoint, { method: "POST", data: action.payload ?? {}, silent: true });
      if (query) store?.set(query.requestId, decision === "approve" ? "approve" : "revoke");
    } catch (error) {
      const reason = error instanceof Error ? error.message : "";
      toast.error(failed, reason ? { description: reason } : undefined);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="msg-system" data-testid={`message-${message.id}`} data-seq={message.seq || undefined}>
      <section
        className="perm-card"
        data-testid={`permission-card-${message.id}`}
        data-status={card.actionStatus}
        aria-label={card.title || t("agent.cards.permission.title")}
      >
        <header className="perm-card__head">
          <span className="perm-card__title">{card.title || t("agent.cards.permission.title")}</span>
          <span className={`perm-card__status perm-card__status--${card.actionStatus}`}>
            {card.actionStatus === "pending" ? t("agent.cards.permission.pending") : t("agent.cards.permission.completed")}
          </span>
        </header>
        {card.content && <p className="perm-card__body">{card.content}</p>}
        {card.actionStatus === "pending" ? (
          <div className="perm-card__actions">
            {card.actions.map((action) => (
              <button
                key={action.id}
                type="button"
                className={`btn btn--sm ${action.variant === "danger" ? "btn--ghost" : "btn--primary"}`}
                disabled={busy !== null}
                aria-busy={busy === action.id || undefined}
                data-testid={`permission-${action.id}-${message.id}`}
                onClick={() => void run(action)}
              >
                {action.id === "approve" ? t("agent.control.approve") : t("agent.control.reject")}
              </button>
            ))}
          </div>
        ) : (
          record && (
            <p className="perm-card__record" data-testid={`permission-record-${message.id}`} data-outcome={record.actionType}>
              {t("agent.cards.permission.record", {
                action: t(`agent.cards.permission.outcomes.${record.actionType}`),
                operator: operatorText(t, record.operatorName),
              })}
              {record.timestamp && <time dateTime={record.timestamp}> · {formatMessageTime(record.timestamp, i18n.language)}</time>}
            </p>
          )
        )}
      </section>
    </div>
  );
}
