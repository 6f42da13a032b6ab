import { useTranslation } from "react-i18next";
import { Markdown } from "../../components/Markdown";
import type { UiMessage } from "../../model/types";
import { iconLabel, WarningIcon } from "../../../../ui/icons";

/** A system_alert (a failed run, a missing provider): a centred warning, no actions. */
export function SystemAlert({ message }: { message: UiMessage }) {
  const { t } = useTranslation();
  return (
    <div className="msg-system" data-testid={`message-${message.id}`} data-seq={message.seq || undefined} data-message-type="system_alert">
      <div className="msg-alert" data-testid={`message-content-${message.id}`}>
        <WarningIcon className="msg-alert__icon" {...iconLabel(t("agent.cards.alert"))} />
        <Markdown text={message.content} />
      </div>
    </div>
  );
}
