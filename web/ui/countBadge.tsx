import type { ReactNode } from "react";

/** Unread badges everywhere cap at 99 (spec 02 §9, spec 03 §9). */
export const BADGE_MAX = 99;

/** The badge's text for a count, or null when there is nothing to show. */
export function countBadge(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(Math.floor(count));
}

/**
 * The red count on a toolbar button (the button is `position: relative`). Hidden from screen
 * readers: the button's own label says the count in words.
 */
export function CountBadge({ count, testId }: { count: number; testId?: string }) {
  const text = countBadge(count);
  if (!text) return null;
  return (
    <span className="count-badge" aria-hidden data-testid={testId}>
      {text}
    </span>
  );
}

interface BadgeButtonProps {
  icon: ReactNode;
  count: number;
  /** The label without a count, and with one ("… (3 unread)"); also the tooltip. */
  label: string;
  countLabel: string;
  onClick: () => void;
  /** Called when the pointer or focus reaches the button: a lazily loaded panel can start loading. */
  onPrefetch?: () => void;
  testId: string;
  badgeTestId: string;
}

/** A sidebar icon button that opens a panel and shows how many unread items wait in it. */
export function BadgeButton({ icon, count, label, countLabel, onClick, onPrefetch, testId, badgeTestId }: BadgeButtonProps) {
  const text = countBadge(count) ? countLabel : label;
  return (
    <button
      type="button"
      className="icon-btn badge-btn"
      onClick={onClick}
      onPointerEnter={onPrefetch}
      onFocus={onPrefetch}
      aria-label={text}
      title={text}
      aria-haspopup="dialog"
      data-testid={testId}
    >
      {icon}
      <CountBadge count={count} testId={badgeTestId} />
    </button>
  );
}
