import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FEEDBACK_TAGS } from "../../../../../contract/analysis";
import { Button } from "../../../../ui/Button";
import { TextAreaField } from "../../../../ui/FormControls";
import { Modal } from "../../../../ui/Modal";

interface FeedbackDialogProps {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (extra: { tag: string; content: string }) => void;
}

/** What was wrong with a result: one of the tags and an optional comment (spec §4 thumbs-down dialog). */
export function FeedbackDialog({ open, busy, onCancel, onSubmit }: FeedbackDialogProps) {
  const { t } = useTranslation();
  const [tag, setTag] = useState<string>("");
  const [comment, setComment] = useState("");
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title={t("analysis.feedback.dialogTitle")}
      size="sm"
      testId="feedback-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t("analysis.feedback.cancel")}
          </Button>
          <Button busy={busy} onClick={() => onSubmit({ tag, content: comment.trim() })} data-testid="feedback-submit">
            {t("analysis.feedback.submit")}
          </Button>
        </>
      }
    >
      <fieldset className="anv-feedback-tags">
        <legend className="sr-only">{t("analysis.feedback.dialogTitle")}</legend>
        {FEEDBACK_TAGS.map((value) => (
          <label key={value} className="anv-feedback-tag" data-checked={tag === value || undefined}>
            <input
              type="radio"
              name="feedback-tag"
              value={value}
              checked={tag === value}
              onChange={() => setTag(value)}
              data-testid={`feedback-tag-${value}`}
            />
            {t(`analysis.feedback.tags.${value}`)}
          </label>
        ))}
      </fieldset>
      <TextAreaField
        label={t("analysis.feedback.comment")}
        rows={3}
        maxLength={2000}
        value={comment}
        placeholder={t("analysis.feedback.commentPlaceholder")}
        onChange={(event) => setComment(event.target.value)}
        data-testid="feedback-comment"
      />
    </Modal>
  );
}
