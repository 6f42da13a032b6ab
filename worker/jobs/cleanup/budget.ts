/**
 * How many objects one cleanup run may touch (R2 keys listed, records claimed), shared by every
 * job of the run so the whole run stays within one Worker invocation's subrequest and time limits.
 */
export class Budget {
  constructor(private remaining: number) {}

  get left(): number {
    return Math.max(0, this.remaining);
  }

  /** Up to `wanted` of what is left, marked as used. */
  take(wanted: number): number {
    const n = Math.min(this.left, wanted);
    this.remaining -= n;
    return n;
  }

  /** Gives back what a job took but did not use. */
  refund(n: number): void {
    this.remaining += n;
  }
}

export const DEFAULT_MAX_OBJECTS = 500;

export function budgetOf(setting: string | undefined): Budget {
  const n = Number(setting);
  return new Budget(Number.isSafeInteger(n) && n > 0 ? n : DEFAULT_MAX_OBJECTS);
}
