export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

/** The middle value; the mean of the two middle ones for an even count. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2;
}

export const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : "n/a");

/** `a` against `b` as a factor, e.g. "0.76×". */
export const ratio = (a: number, b: number) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}×` : "n/a");

export interface Spread {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function spread(values: number[]): Spread {
  return { p50: percentile(values, 50), p95: percentile(values, 95), p99: percentile(values, 99), max: percentile(values, 100) };
}
