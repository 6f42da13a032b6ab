import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/Button";

/** Shown instead of the composer in selection mode: count, Cancel, Forward. */
export function SelectionBar({ count, onCancel, onForward }: { count: number; onCancel: () => void; onForward: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="selection-bar" data-testid="selection-bar" role="region" aria-label={t("chat.selection.label")}>
      <span className="selection-bar__count" aria-live="polite">
        {t("chat.selection.count", { count })}
      </span>
      <Button variant="secondary" onClick={onCancel} data-testid="selection-cancel">
        {t("chat.selection.cancel")}
      </Button>
      <Button onClick={onForward} disabled={count === 0} data-testid="selection-forward">
        {t("chat.selection.forward")}
      </Button>
    </div>
  );
}
