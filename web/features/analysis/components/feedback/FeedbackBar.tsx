import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ThumbDownIcon, ThumbUpIcon } from "../../../../ui/icons";
import { toast } from "../../../../ui/toast";
import type { FeedbackType } from "../../api";
import { nextRating, sendFeedback, useGivenFeedback, type Rating } from "../../model/feedback";
import { FeedbackDialog } from "./FeedbackDialog";

/**
 * Thumbs up and down under a result (spec §4): up sends at once, down asks what was wrong first,
 * and pressing the given rating again takes it back.
 */
export function FeedbackBar({ taskId, type }: { taskId: string; type: FeedbackType }) {
  const { t } = useTranslation();
  const given = useGivenFeedback(taskId, type);
  const rating: Rating = given?.likeOrStep ?? 0;
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);

  const send = async (next: Rating, extra?: { tag?: string; content?: string }) => {
    setBusy(true);
    try {
      await sendFeedback(taskId, type, next, extra);
      if (next !== 0) toast.success(t("analysis.feedback.thanks"));
      return true;
    } catch (error) {
      toast.error(t("analysis.feedback.failed", { reason: error instanceof Error && error.message ? error.message : t("analysis.networkError") }));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const press = (pressed: 1 | -1) => {
    const next = nextRating(rating, pressed);
    if (next === -1) setAsking(true);
    else void send(next);
  };

  return (
    <div className="anv-feedback" role="group" aria-label={t("analysis.feedback.label")} data-testid={`feedback-${type}`} data-rating={rating}>
      <button
        type="button"
        className="icon-btn"
        aria-label={t("analysis.feedback.like")}
        title={t("analysis.feedback.like")}
        aria-pressed={rating === 1}
        disabled={busy}
        onClick={() => press(1)}
        data-testid="feedback-like"
      >
        <ThumbUpIcon size={15} aria-hidden />
      </button>
      <button
        type="button"
        className="icon-btn"
        aria-label={t("analysis.feedback.dislike")}
        title={t("analysis.feedback.dislike")}
        aria-pressed={rating === -1}
        disabled={busy}
        onClick={() => press(-1)}
        data-testid="feedback-dislike"
      >
        <ThumbDownIcon size={15} aria-hidden />
      </button>
      <FeedbackDialog
        open={asking}
        busy={busy}
        onCancel={() => setAsking(false)}
        onSubmit={(extra) => void send(-1, extra).then((ok) => ok && setAsking(false))}
      />
    </div>
  );
}
