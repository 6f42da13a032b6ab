import { useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import type { AnalysisFileDetail } from "../../../../../contract/analysis";
import { LoadState } from "../../../../ui/LoadState";
import { Modal } from "../../../../ui/Modal";
import { ChevronLeftIcon, ChevronRightIcon } from "../../../../ui/icons";
import { ahaCardHeight, carouselKey, visibleSections } from "../../model/aha";
import { FeedbackBar } from "../feedback/FeedbackBar";
import { NotAvailable } from "../StatusPanels";
import { useSummaryResult } from "../summary/useSummaryResult";
import { AhaSectionView } from "./AhaSectionView";

/** The Aha mode (spec §2.4): the insight cards one at a time, with previous/next, indicators and the arrow keys. */
export function AhaCarousel({ detail }: { detail: AnalysisFileDetail }) {
  const { t } = useTranslation();
  const { result, loading, failed, retry, taskId } = useSummaryResult(detail);
  const [index, setIndex] = useState(0);
  const [picture, setPicture] = useState<string | null>(null);
  if (!result) {
    if (loading || failed) return <LoadState loading={loading} failed={failed} failedText={t("analysis.loadFailed")} onRetry={retry} />;
    return <NotAvailable text={t("analysis.aha.empty")} />;
  }
  const cards = result.aha.filter((card) => visibleSections(card).length > 0);
  if (cards.length === 0) return <NotAvailable text={t("analysis.aha.empty")} />;
  const at = Math.min(index, cards.length - 1);
  const card = cards[at]!;
  const go = (next: number) => setIndex((next + cards.length) % cards.length);
  const onKeyDown = (event: KeyboardEvent) => {
    const next = carouselKey(event.key, at, cards.length);
    if (next === null) return;
    event.preventDefault();
    setIndex(next);
  };
  return (
    <section className="anv-aha" aria-roledescription="carousel" aria-label={t("analysis.aha.label")} data-testid="analysis-aha">
      <div className="anv-aha__stage">
        <button type="button" className="icon-btn anv-aha__nav" onClick={() => go(at - 1)} aria-label={t("analysis.aha.previous")} data-testid="aha-previous">
          <ChevronLeftIcon size={18} aria-hidden />
        </button>
        <div
          className="anv-aha__card"
          style={{ height: ahaCardHeight(card) }}
          tabIndex={0}
          role="group"
          aria-roledescription="slide"
          aria-label={t("analysis.aha.goTo", { n: at + 1, total: cards.length })}
          onKeyDown={onKeyDown}
          data-testid="aha-card"
          data-index={at}
        >
          {visibleSections(card).map(([name, section]) => (
            <div key={name} className={`anv-aha__section anv-aha__section--${name}`}>
              <h3 className="anv-aha__label">{t(`analysis.aha.${name}`)}</h3>
              <AhaSectionView section={section} onOpenSvg={setPicture} />
            </div>
          ))}
        </div>
        <button type="button" className="icon-btn anv-aha__nav" onClick={() => go(at + 1)} aria-label={t("analysis.aha.next")} data-testid="aha-next">
          <ChevronRightIcon size={18} aria-hidden />
        </button>
      </div>
      <div className="anv-aha__dots" role="group" aria-label={t("analysis.aha.label")}>
        {cards.map((_, n) => (
          <button
            key={n}
            type="button"
            className="anv-aha__dot"
            aria-label={t("analysis.aha.goTo", { n: n + 1, total: cards.length })}
            aria-current={n === at ? "true" : undefined}
            onClick={() => setIndex(n)}
          />
        ))}
      </div>
      {taskId && <FeedbackBar taskId={taskId} type="aha" />}
      <Modal open={picture !== null} onOpenChange={(open) => !open && setPicture(null)} title={t("analysis.aha.details")} size="lg" testId="aha-details">
        {picture && <img className="anv-aha__picture" src={picture} alt={t("analysis.aha.svgAlt")} />}
      </Modal>
    </section>
  );
}
