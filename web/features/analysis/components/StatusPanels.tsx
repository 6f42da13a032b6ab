import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { AnalysisProblem } from "../../../../contract/analysis";
import { Button } from "../../../ui/Button";
import { Spinner } from "../../../ui/Spinner";
import { WarningIcon } from "../../../ui/icons";
import type { ModeState } from "../model/status";

/** A centred line of state in the viewer's body. */
export function Centered({ children, testId, role }: { children: React.ReactNode; testId: string; role?: "status" | "alert" }) {
  return (
    <div className="anv-state" role={role} data-testid={testId}>
      {children}
    </div>
  );
}

export function Analyzing() {
  const { t } = useTranslation();
  return (
    <Centered testId="analysis-analyzing" role="status">
      <Spinner size={20} />
      <span>{t("analysis.analyzing")}</span>
    </Centered>
  );
}

export function NotAvailable({ text }: { text?: string }) {
  const { t } = useTranslation();
  return (
    <Centered testId="analysis-not-available">
      <span className="muted">{text ?? t("analysis.notAvailable")}</span>
    </Centered>
  );
}

export function Transcoding() {
  const { t } = useTranslation();
  return (
    <Centered testId="analysis-transcoding" role="status">
      <Spinner size={20} />
      <strong>{t("analysis.transcodingTitle")}</strong>
      <span className="muted">{t("analysis.transcodingBody")}</span>
    </Centered>
  );
}

/**
 * Something the user must fix before this step can run (no language model, no speech provider):
 * said plainly, in the reader's language, no spinner. A failure keeps the server's own words (its reason).
 */
export function ProblemPanel({ problem }: { problem: AnalysisProblem }) {
  const { t } = useTranslation();
  return (
    <Centered testId="analysis-problem" role="alert">
      <WarningIcon size={20} aria-hidden />
      <span>{problem.code === "failed" ? problem.message : t(`analysis.problems.${problem.code}`)}</span>
    </Centered>
  );
}

/** A failed step, with Retry that analyses the file again. */
export function FailedPanel({ message, onRetry }: { message?: string; onRetry: () => Promise<void> | void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    setBusy(true);
    try {
      await onRetry();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Centered testId="analysis-failed" role="alert">
      <WarningIcon size={20} aria-hidden />
      <strong>{t("analysis.failed")}</strong>
      <span className="muted">{message || t("analysis.failedStep")}</span>
      <Button size="sm" variant="secondary" busy={busy} onClick={() => void retry()} data-testid="analysis-retry">
        {t("analysis.retry")}
      </Button>
    </Centered>
  );
}

interface GateProps {
  state: ModeState;
  problem: AnalysisProblem | null;
  onRetry: () => Promise<void>;
  children: React.ReactNode;
}

/** Shows a mode's content once it is ready, and its state panel until then. */
export function ModeGate({ state, problem, onRetry, children }: GateProps) {
  if (state === "ready") return <>{children}</>;
  if (state === "transcoding") return <Transcoding />;
  if (state === "processing") return <Analyzing />;
  if (state === "problem" && problem) return <ProblemPanel problem={problem} />;
  return <FailedPanel message={problem?.message} onRetry={onRetry} />;
}
