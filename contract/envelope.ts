/** The answer every `/api/...` route gives (spec 01 §7): code 200 is success, anything else is an error. */
export interface ApiEnvelope<T> {
  code: number;
  data: T;
  message: string;
}

/** Business codes the SPA's client must swallow without a toast (spec 01 §5, knowledge file limits). */
export const SILENT_ERROR_CODES: readonly number[] = [10834, 10835];
