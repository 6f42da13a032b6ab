import { useEffect, useState, type RefObject } from "react";
import { cachedDiagram, errorWasShown, markErrorShown, renderDiagram } from "../../../../ui/mermaid/renderQueue";
import { diagramPhase, ERROR_DELAY_MS, isDiagramComplete, SETTLE_MS, type DiagramPhase, type RenderOutcome } from "../../../../ui/mermaid/state";

/** True once the element has come near the viewport (and from then on): diagrams off screen cost nothing. */
export function useSeen(ref: RefObject<HTMLElement | null>, margin = "300px"): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    if (typeof IntersectionObserver === "undefined") {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setSeen(true), { rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen, margin]);
  return seen;
}

/** An unclosed fence counts as finished once its text stayed the same for a while (a message that never closed it). */
function useSettled(source: string, closed: boolean): boolean {
  const [settledFor, setSettledFor] = useState<string | null>(null);
  useEffect(() => {
    if (closed) return;
    const timer = setTimeout(() => setSettledFor(source), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [source, closed]);
  return settledFor === source;
}

export interface DiagramState {
  phase: DiagramPhase;
  outcome: RenderOutcome | null;
  retry: () => void;
}

/**
 * A diagram's text through its states (spec 02 §4): waiting while incomplete, then rendering (on
 * screen only, one diagram at a time), then rendered or, 2 s later, the syntax error.
 */
export function useDiagram(source: string, closed: boolean, seen: boolean): DiagramState {
  const settled = useSettled(source, closed);
  const cached = cachedDiagram(source);
  const complete = isDiagramComplete(source, closed, settled) || cached !== null;
  const [result, setResult] = useState<{ source: string; outcome: RenderOutcome } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const outcome = !complete ? null : result?.source === source ? result.outcome : cached;
  const hasOutcome = outcome !== null;

  useEffect(() => {
    if (!complete || !seen || hasOutcome) return;
    let live = true;
    void renderDiagram(source).then((next) => live && setResult({ source, outcome: next }));
    return () => {
      live = false;
    };
  }, [complete, seen, hasOutcome, source, attempt]);

  // Spec 02 §5: a syntax error shows after 2 s; one already seen (the row was scrolled away and back) shows at once.
  const [due, setDue] = useState<RenderOutcome | null>(null);
  const failed = outcome && !outcome.ok && outcome.reason === "syntax" ? outcome : null;
  useEffect(() => {
    if (!failed || errorWasShown(failed)) return;
    const timer = setTimeout(() => {
      markErrorShown(failed);
      setDue(failed);
    }, ERROR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [failed]);
  const errorDue = !!failed && (due === failed || errorWasShown(failed));

  return {
    phase: diagramPhase(complete, outcome, errorDue),
    outcome,
    retry: () => {
      setResult(null);
      setAttempt((n) => n + 1);
    },
  };
}
