import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../../ui/Spinner";
import { DiagramView } from "../../../../ui/mermaid/DiagramView";
import { useDiagram, useSeen } from "./useDiagram";
import "../../../../ui/mermaid/mermaid.css";

function Source({ source }: { source: string }) {
  const { t } = useTranslation();
  return (
    <pre className="mmd__source" aria-label={t("chat.mermaid.source")} data-testid="mermaid-source">
      <code>{source}</code>
    </pre>
  );
}

/**
 * A ```mermaid block of a message (spec 02 §2.15, §4, §5): the text while it is still being written,
 * a spinner while it renders, the diagram, or the syntax error with the text. Mermaid itself is
 * downloaded the first time a diagram comes on screen.
 */
export function MermaidBlock({ source, closed }: { source: string; closed: boolean }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const seen = useSeen(box);
  const { phase, outcome, retry } = useDiagram(source, closed, seen);

  let body;
  if (phase === "rendered" && outcome?.ok) {
    body = <DiagramView diagram={outcome} />;
  } else if (phase === "error" && outcome && !outcome.ok && outcome.reason === "load") {
    body = (
      <p className="mmd__state" role="alert">
        <span>{t("common.loadFailed")}</span>
        <button type="button" className="btn btn--secondary btn--sm" onClick={retry}>
          {t("common.retry")}
        </button>
      </p>
    );
  } else if (phase === "error") {
    body = (
      <>
        <p className="mmd__state mmd__state--error" role="alert" data-testid="mermaid-error">
          {t("chat.mermaid.syntaxError")}
        </p>
        <Source source={source} />
      </>
    );
  } else if (phase === "rendering") {
    body = (
      <p className="mmd__state mmd__state--busy" role="status">
        <Spinner size={14} />
        <span>{t("chat.mermaid.rendering")}</span>
      </p>
    );
  } else {
    body = (
      <>
        <p className="mmd__state muted" role="status">
          {t("chat.mermaid.waiting")}
        </p>
        {source.trim() && <Source source={source} />}
      </>
    );
  }
  return (
    <div className="mmd" ref={box} data-testid="mermaid" data-phase={phase}>
      {body}
    </div>
  );
}
