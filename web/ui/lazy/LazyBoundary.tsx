import { Component, Suspense, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../Button";
import { Spinner } from "../Spinner";
import { isChunkLoadError } from "./lazyComponent";
import "./lazy.css";

/**
 * Where the loading state sits: `page` fills the screen (a route), `panel` fills its container (the
 * main area, a side panel), `overlay` floats in the middle of the window (a dialog or popover that
 * opens on a click), `inline` is one line in the flow.
 */
export type LazyVariant = "page" | "panel" | "overlay" | "inline";

interface LazyBoundaryProps {
  children: ReactNode;
  variant?: LazyVariant;
  /** Offered next to Retry when the part failed to load (a dialog the user may rather close). */
  onClose?: () => void;
  /** Stays in place while loading or failed, e.g. the button whose menu is on its way. */
  placeholder?: ReactNode;
}

/** Every lazily loaded part renders inside one of these: a labelled spinner while it loads, Retry if it failed. */
export function LazyBoundary({ children, variant = "panel", onClose, placeholder }: LazyBoundaryProps) {
  return (
    <ChunkErrorBoundary variant={variant} onClose={onClose} placeholder={placeholder}>
      <Suspense
        fallback={
          <>
            {placeholder}
            <LazyLoading variant={variant} />
          </>
        }
      >
        {children}
      </Suspense>
    </ChunkErrorBoundary>
  );
}

export function LazyLoading({ variant = "panel" }: { variant?: LazyVariant }) {
  const { t } = useTranslation();
  return (
    <div className={`lazy-state lazy-state--${variant}`} data-testid="lazy-loading">
      <div className="lazy-state__box" role="status" aria-live="polite">
        <Spinner size={variant === "inline" ? 14 : 24} />
        <span>{t("common.loading")}</span>
      </div>
    </div>
  );
}

function LoadFailed({ variant, onRetry, onClose }: { variant: LazyVariant; onRetry: () => void; onClose?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={`lazy-state lazy-state--${variant}`} data-testid="lazy-failed">
      <div className="lazy-state__box" role="alert">
        <span>{t("common.loadFailed")}</span>
        <span className="lazy-state__actions">
          <Button size="sm" onClick={onRetry} data-testid="lazy-retry">
            {t("common.retry")}
          </Button>
          {onClose && (
            <Button size="sm" variant="secondary" onClick={onClose}>
              {t("common.close")}
            </Button>
          )}
        </span>
      </div>
    </div>
  );
}

interface BoundaryProps {
  children: ReactNode;
  variant: LazyVariant;
  onClose?: () => void;
  placeholder?: ReactNode;
}

/** Catches only failed chunk loads; any other error goes on to the route's error screen as before. */
class ChunkErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  // Closed after a failure (the dialog dismissed, the page left): opening it again tries again.
  override componentWillUnmount() {
    const { error } = this.state;
    if (isChunkLoadError(error)) error.reset();
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!isChunkLoadError(error)) throw error;
    const { onClose } = this.props;
    const retry = () => {
      error.reset();
      this.setState({ error: null });
    };
    return (
      <>
        {this.props.placeholder}
        <LoadFailed variant={this.props.variant} onRetry={retry} onClose={onClose} />
      </>
    );
  }
}
