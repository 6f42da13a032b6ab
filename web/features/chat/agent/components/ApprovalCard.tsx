import { useTranslation } from "react-i18next";
import { isDecided, outcomeOf, visibleApproval } from "../model/approvals";
import { codingText } from "../model/codingTexts";
import { useChatState, useChatStore } from "../../store/ChatStoreProvider";

/**
 * The coding agent's approval card (spec 03 §2.9, §4, §6), above the agent tab's composer. Only
 * the request's target (the presenter, or the owner when there is none) sees it; everyone else
 * sees the tool card waiting. Yes or No is final; the outcome shows briefly, then the card hides.
 */
export function ApprovalCard({ meId }: { meId: string }) {
  const { t } = useTranslation();
  const store = useChatStore();
  const request = useChatState((s) => visibleApproval(s.approvals, s.approvalCards, meId));
  const answered = useChatState((s) => (request ? (s.approvalCards[request.messageId]?.answered ?? null) : null));
  if (!request) return null;
  const decided = isDecided(request);
  const outcome = decided ? outcomeOf(request) : null;
  const outcomeText = outcome ? t(`agent.coding.approval.outcomes.${outcome}`) : null;
  const id = request.messageId;

  return (
    <section className="approval-card" data-testid="approval-card" data-outcome={outcome ?? undefined} aria-label={t("agent.coding.approval.label")}>
      <p className="approval-card__title">{t("agent.coding.approval.label")}</p>
      <p className="approval-card__body" data-testid="approval-content">
        {codingText(t, request.content)}
      </p>
      {outcomeText ? (
        <p className="approval-card__outcome" role="status" data-testid="approval-outcome">
          {request.decidedByName && outcome !== "expired"
            ? t("agent.coding.approval.decidedBy", { outcome: outcomeText, name: request.decidedByName })
            : outcomeText}
        </p>
      ) : (
        <div className="approval-card__row">
          <p className="approval-card__hint">{answered === null ? t("agent.coding.approval.hint") : t("agent.coding.approval.sending")}</p>
          <div className="approval-card__actions">
            <button
              type="button"
              className="btn btn--sm btn--ghost"
              data-testid="approval-no"
              disabled={answered !== null || decided}
              aria-busy={answered === false || undefined}
              onClick={() => store.answerApproval(id, false)}
            >
              {t("agent.coding.approval.no")}
            </button>
            <button
              type="button"
              className="btn btn--sm btn--primary"
              data-testid="approval-yes"
              disabled={answered !== null || decided}
              aria-busy={answered === true || undefined}
              onClick={() => store.answerApproval(id, true)}
            >
              {t("agent.coding.approval.yes")}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
