import { useTranslation } from "react-i18next";
import { Button } from "./Button";
import { Spinner } from "./Spinner";

interface LoadStateProps {
  loading: boolean;
  /** Shown with a Retry button when loading failed and there is nothing cached to show instead. */
  failed: boolean;
  failedText: string;
  onRetry: () => void;
}

/** The loading line and the failed-with-Retry line every SWR-backed view shows before its data. */
export function LoadState({ loading, failed, failedText, onRetry }: LoadStateProps) {
  const { t } = useTranslation();
  if (failed) {
    return (
      <div className="inline-error" role="alert">
        {failedText}{" "}
        <Button size="sm" variant="secondary" onClick={onRetry}>
          {t("common.retry")}
        </Button>
      </div>
    );
  }
  if (!loading) return null;
  return (
    <p role="status" className="muted">
      <Spinner size={14} /> {t("common.loading")}
    </p>
  );
}
