import { useTranslation } from "react-i18next";
import type { ChatKind } from "../../../../../contract";
import type { StreamKey } from "../../model/types";
import { visibleIndicators, type GenerationFlags } from "../model/generation";

interface GeneratingIndicatorProps {
  kind: ChatKind;
  tab: StreamKey;
  flags: GenerationFlags;
}

/** 'Agent Generating' / 'Ask Generating' (spec 02 §2.13) with the visibility rules of §4. */
export function GeneratingIndicator({ kind, tab, flags }: GeneratingIndicatorProps) {
  const { t } = useTranslation();
  const shown = visibleIndicators(kind, tab, flags);
  return (
    <div className="generating" role="status" aria-live="polite">
      {shown.agent && (
        <span className="generating__pill" data-testid="agent-generating">
          <span className="generating__dots" aria-hidden>
            <i />
            <i />
            <i />
          </span>
          {t("agent.indicator.agent")}
        </span>
      )}
      {shown.ask && (
        <span className="generating__pill" data-testid="ask-generating">
          <span className="generating__dots" aria-hidden>
            <i />
            <i />
            <i />
          </span>
          {t("agent.indicator.ask")}
        </span>
      )}
    </div>
  );
}
