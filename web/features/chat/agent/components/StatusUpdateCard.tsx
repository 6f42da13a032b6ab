import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { UiMessage } from "../../model/types";
import { parseStatusUpdate } from "../model/cards";
import { parseToolCard } from "../model/toolCard";
import { ToolCard } from "./ToolCard";

/** A status_update line (spec 02 §2.13): what the agent did, with its details JSON on demand; a tool run as a tool card. */
export function StatusUpdateCard({ message }: { message: UiMessage }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const update = useMemo(() => parseStatusUpdate(message.content), [message.content]);
  const details = update?.content.details;
  const tool = useMemo(() => (update?.update_type === "tool_execution_result" ? parseToolCard(details) : null), [update, details]);
  if (tool) return <ToolCard message={message} details={tool} />;
  const hasDetails = details !== undefined && details !== null;
  return (
    <div className="msg-system" data-testid={`message-${message.id}`} data-seq={message.seq || undefined}>
      <div className="status-card" data-update-type={update?.update_type}>
        <div className="status-card__head">
          {update && <span className="status-card__type">{t(`agent.cards.status.types.${update.update_type}`, { defaultValue: update.update_type })}</span>}
          <span className="status-card__text" data-testid={`message-content-${message.id}`}>
            {update ? update.content.display_to_user : message.content}
          </span>
          {hasDetails && (
            <button
              type="button"
              className="status-card__toggle"
              aria-expanded={open}
              aria-controls={open ? detailsId : undefined}
              data-testid={`status-toggle-${message.id}`}
              onClick={() => setOpen((value) => !value)}
            >
              {open ? t("agent.cards.status.hide") : t("agent.cards.status.show")}
            </button>
          )}
        </div>
        {open && hasDetails && (
          <pre id={detailsId} className="status-card__details" data-testid={`status-details-${message.id}`}>
            {JSON.stringify(details, null, 2)}
          </pre>
        )}
      </div>
    </div>
  );
}
