import { useTranslation } from "react-i18next";
import type { ToolCardDetails } from "../../../../../contract";
import { Spinner } from "../../../../ui/Spinner";
import type { UiMessage } from "../../model/types";
import { codingText } from "../model/codingTexts";
import { formatDuration, isToolPending } from "../model/toolCard";

/** One tool the coding agent ran: name, short arguments, then its status, result and duration. */
export function ToolCard({ message, details }: { message: UiMessage; details: ToolCardDetails }) {
  const { t } = useTranslation();
  const status = t(`agent.coding.tool.status.${details.status}`);
  const pending = isToolPending(details.status);
  return (
    <div className="msg-system" data-testid={`message-${message.id}`} data-seq={message.seq || undefined}>
      <section
        className="tool-card"
        role="group"
        data-testid={`tool-card-${message.id}`}
        data-status={details.status}
        aria-label={t("agent.coding.tool.label", { tool: details.tool, status })}
        aria-busy={pending || undefined}
      >
        <div className="tool-card__head">
          <code className="tool-card__name">{details.tool}</code>
          {details.args && (
            <code className="tool-card__args" title={details.args}>
              <span className="sr-only">{t("agent.coding.tool.args")}: </span>
              {details.args}
            </code>
          )}
          <span className="tool-card__status" data-testid={`tool-status-${message.id}`}>
            {pending && <Spinner size={12} />}
            {status}
          </span>
          {details.durationMs !== null && !pending && (
            <span className="tool-card__duration" data-testid={`tool-duration-${message.id}`}>
              {formatDuration(details.durationMs, t)}
            </span>
          )}
        </div>
        {details.result && !pending && (
          <>
            <span className="sr-only">{t("agent.coding.tool.result")}:</span>
            <pre className="tool-card__result" data-testid={`tool-result-${message.id}`}>
              {codingText(t, details.result)}
            </pre>
          </>
        )}
      </section>
    </div>
  );
}
