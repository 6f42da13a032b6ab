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

/**
 * Chromium (150) remembers a failed `import()` for the page's lifetime: trying the same chunk again
 * fails at once without asking the server. When a retry fails like that and the server answers
 * now, the page is reloaded, which is then the only way to get the part; while the server does
 * not answer, the failure stays on screen with Retry.
 */
async function reloadIfServerAnswers(): Promise<void> {
  try {
    const res = await fetch(window.location.href, { method: "HEAD", cache: "no-store" });
    if (res.ok) window.location.reload();
  } catch {
    // Still offline: Retry stays.
  }
}

/** A chunk that fails this soon after Retry failed on the retry itself. */
const RETRY_FAILED_MS = 10_000;

/** Catches only failed chunk loads; any other error goes on to the route's error screen as before. */
class ChunkErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  /** When Retry was last pressed: a failure soon after it is the retry's own. */
  private retriedAt = Number.NEGATIVE_INFINITY;

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (isChunkLoadError(error) && Date.now() - this.retriedAt < RETRY_FAILED_MS) void reloadIfServerAnswers();
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
      this.retriedAt = Date.now();
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
