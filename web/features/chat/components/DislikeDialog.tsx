import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/Button";
import { Modal } from "../../../ui/Modal";

const REASONS = ["inaccurate", "unhelpful", "offensive", "other"] as const;

interface DislikeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (reason: string, details: string) => Promise<boolean>;
}

/** Thumbs-down feedback (spec 02 §4 "Likes"): a reason and optional details. */
export function DislikeDialog({ open, onOpenChange, onSubmit }: DislikeDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<(typeof REASONS)[number]>("inaccurate");
  const [details, setDetails] = useState("");
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    const ok = await onSubmit(t(`chat.dislike.reasons.${reason}`), details.trim());
    setBusy(false);
    if (ok) {
      setDetails("");
      onOpenChange(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t("chat.dislike.title")}
      size="sm"
      testId="dislike-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t("common.cancel")}
          </Button>
          <Button busy={busy} onClick={() => void submit()} data-testid="dislike-submit">
            {busy ? t("chat.dislike.submitting") : t("chat.dislike.submit")}
          </Button>
        </>
      }
    >
      <fieldset className="dislike__reasons">
        <legend className="field__label">{t("chat.dislike.reasonLabel")}</legend>
        {REASONS.map((key) => (
          <label key={key} className="dislike__reason">
            <input type="radio" name="dislike-reason" value={key} checked={reason === key} onChange={() => setReason(key)} />
            {t(`chat.dislike.reasons.${key}`)}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor="dislike-details">
          {t("chat.dislike.detailsLabel")}
        </label>
        <textarea
          id="dislike-details"
          className="field__input"
          rows={3}
          maxLength={2000}
          value={details}
          placeholder={t("chat.dislike.detailsPlaceholder")}
          onChange={(e) => setDetails(e.target.value)}
        />
      </div>
    </Modal>
  );
}
