interface SpinnerProps {
  size?: number;
  /** Announced to screen readers; omit when a visible text already says it. */
  label?: string;
}

export function Spinner({ size = 24, label }: SpinnerProps) {
  return <span className="spinner" style={{ width: size, height: size }} {...(label ? { role: "status", "aria-label": label } : { "aria-hidden": true })} />;
}
