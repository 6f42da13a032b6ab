import { useId, type InputHTMLAttributes, type ReactNode } from "react";

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
}

/** Ids that tie a control to its hint and error, so screen readers announce them with it. */
export function useFieldIds(id: string | undefined, hasHint: boolean, hasError: boolean) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hasHint && !hasError ? hintId : null, hasError ? errorId : null].filter(Boolean).join(" ") || undefined;
  return { controlId, hintId, errorId, describedBy };
}

/** A field's hint, replaced by its error when there is one. */
export function FieldMessages({ hint, error, hintId, errorId }: { hint?: ReactNode; error?: string | null; hintId: string; errorId: string }) {
  return (
    <>
      {hint && !error && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/** A labelled input whose error and hint are announced with it (aria-describedby). */
export function Field({ label, error, hint, id, className, ...input }: FieldProps) {
  const ids = useFieldIds(id, Boolean(hint), Boolean(error));
  return (
    <div className={`field${className ? ` ${className}` : ""}`}>
      <label className="field__label" htmlFor={ids.controlId}>
        {label}
      </label>
      <input id={ids.controlId} className="field__input" aria-invalid={error ? true : undefined} aria-describedby={ids.describedBy} {...input} />
      <FieldMessages hint={hint} error={error} hintId={ids.hintId} errorId={ids.errorId} />
    </div>
  );
}
