import { useTranslation } from "react-i18next";
import { CUSTOM_ASSISTANT_BUILDING, type AgentType, type VirtualEmployee } from "../../../contract";

interface AdvancedTabProps {
  saved: VirtualEmployee | null;
  agentType: AgentType;
}

/** Read-only values the server decides (task id, status) and what the chosen agent type implies. */
export function AdvancedTab({ saved, agentType }: AdvancedTabProps) {
  const { t } = useTranslation();
  const none = t("vires.advanced.none");
  const status = saved?.status;
  const statusText = !status ? none : status === CUSTOM_ASSISTANT_BUILDING ? t("vires.advanced.statusLabels.building") : status;
  return (
    <div className="vire-panel-grid">
      <p className="muted small">{t("vires.advanced.readOnly")}</p>
      <dl className="vire-facts">
        <dt>{t("vires.advanced.id")}</dt>
        <dd data-testid="vire-advanced-id">{saved?.id ?? t("vires.advanced.notSaved")}</dd>
        <dt>{t("vires.advanced.taskId")}</dt>
        <dd data-testid="vire-advanced-task">{saved?.taskId || none}</dd>
        <dt>{t("vires.advanced.status")}</dt>
        <dd data-testid="vire-advanced-status" data-status={status ?? undefined}>
          {statusText}
        </dd>
      </dl>
      <section className="vire-note" aria-labelledby="vire-agent-note-title">
        <h4 id="vire-agent-note-title" className="vire-note__title">
          {t("vires.advanced.notesTitle", { type: t(`vires.agentTypes.${agentType}`) })}
        </h4>
        <p>{agentType === "custom" ? t("vires.advanced.customNote") : t("vires.advanced.otherNote")}</p>
      </section>
    </div>
  );
}
