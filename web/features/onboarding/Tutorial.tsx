import { useCallback, useEffect, useId, useLayoutEffect, useState } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import type { TutorialAnswer } from "../../../contract";
import { silentFetcher } from "../../app/api/swr";
import { Button } from "../../ui/Button";
import { CloseIcon } from "../../ui/icons";
import { onboardingApi, TUTORIAL_KEY } from "./api";
import { placeCard, type Placement } from "./placement";
import { findAnchor, saveStep, savedStep, TUTORIAL_STEPS } from "./tutorialSteps";
import "./onboarding.css";

/**
 * The five-step tutorial of the coding layout (spec 01 §4): shown until the user finishes or skips
 * it once, which the server records so no other browser shows it again.
 */
export function Tutorial() {
  const { data, mutate } = useSWR<TutorialAnswer>(TUTORIAL_KEY, silentFetcher);
  const [closed, setClosed] = useState(false);
  if (!data || data.hasSeenChatTutorial || closed) return null;
  const finish = () => {
    setClosed(true);
    saveStep(0);
    void mutate(onboardingApi.setTutorialSeen(true), { optimisticData: { hasSeenChatTutorial: true }, rollbackOnError: false });
  };
  return createPortal(<TutorialCard onFinish={finish} />, document.body);
}

function useAnchorPlacement(step: number, card: HTMLElement | null): Placement | null {
  const [placement, setPlacement] = useState<Placement | null>(null);
  const measure = useCallback(() => {
    if (!card) return;
    const anchor = findAnchor(TUTORIAL_STEPS[step]!.anchors);
    const rect = card.getBoundingClientRect();
    setPlacement(placeCard(anchor?.getBoundingClientRect() ?? null, rect, { width: window.innerWidth, height: window.innerHeight }));
  }, [card, step]);
  useLayoutEffect(() => {
    measure();
    // The layout settles over a few frames (panels, lazy parts); follow it, and any resize or scroll.
    const timer = window.setInterval(measure, 500);
    window.addEventListener("resize", measure);
    window.addEventListener("scroll", measure, true);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("resize", measure);
      window.removeEventListener("scroll", measure, true);
    };
  }, [measure]);
  return placement;
}

function TutorialCard({ onFinish }: { onFinish: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState(savedStep);
  const [card, setCard] = useState<HTMLElement | null>(null);
  const titleId = useId();
  const bodyId = useId();
  const placement = useAnchorPlacement(step, card);
  const last = step === TUTORIAL_STEPS.length - 1;
  const { id } = TUTORIAL_STEPS[step]!;

  const go = (next: number) => {
    setStep(next);
    saveStep(next);
  };
  // Each step moves focus to its main button, so keyboard users can go on with Enter.
  useEffect(() => card?.querySelector<HTMLButtonElement>("[data-primary]")?.focus(), [card, step]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onFinish();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onFinish]);

  return (
    <div className="tutorial">
      {placement?.highlight && <div className="tutorial__highlight" style={placement.highlight} aria-hidden />}
      <section
        ref={setCard}
        className="tutorial__card"
        role="dialog"
        aria-modal="false"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        data-step={step + 1}
        data-testid="tutorial"
        style={placement ? { top: placement.top, left: placement.left } : { visibility: "hidden" }}
      >
        <header className="tutorial__header">
          <span className="tutorial__progress">{t("onboarding.tutorial.progress", { step: step + 1, total: TUTORIAL_STEPS.length })}</span>
          <button type="button" className="icon-btn" onClick={onFinish} aria-label={t("onboarding.tutorial.skip")} data-testid="tutorial-skip">
            <CloseIcon size={16} />
          </button>
        </header>
        <h2 id={titleId} className="tutorial__title" data-testid="tutorial-title">
          {t(`onboarding.tutorial.steps.${id}.title`)}
        </h2>
        <p id={bodyId} className="tutorial__body">
          {t(`onboarding.tutorial.steps.${id}.body`)}
        </p>
        <footer className="tutorial__footer">
          {step > 0 && (
            <Button variant="secondary" size="sm" onClick={() => go(step - 1)} data-testid="tutorial-back">
              {t("onboarding.tutorial.back")}
            </Button>
          )}
          <Button data-primary size="sm" onClick={() => (last ? onFinish() : go(step + 1))} data-testid={last ? "tutorial-finish" : "tutorial-next"}>
            {last ? t("onboarding.tutorial.finish") : t("onboarding.tutorial.next")}
          </Button>
        </footer>
      </section>
    </div>
  );
}
