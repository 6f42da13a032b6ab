import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";

interface Described {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  /** Extra content at the right of the label row (a counter, a format button). */
  aside?: ReactNode;
}

function useDescribedIds(id: string | undefined, hasHint: boolean, hasError: boolean) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hasHint && !hasError ? hintId : null, hasError ? errorId : null].filter(Boolean).join(" ") || undefined;
  return { controlId, hintId, errorId, describedBy };
}

function Messages({ hint, error, hintId, errorId }: { hint?: ReactNode; error?: string | null; hintId: string; errorId: string }) {
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

/** A labelled textarea with the same error and hint wiring as `ui/Field`. */
export function TextAreaField({ label, error, hint, aside, id, className, ...textarea }: Described & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const ids = useDescribedIds(id, Boolean(hint), Boolean(error));
  return (
    <div className={`field${className ? ` ${className}` : ""}`}>
      <div className="vire-field__label-row">
        <label className="field__label" htmlFor={ids.controlId}>
          {label}
        </label>
        {aside}
      </div>
      <textarea id={ids.controlId} className="field__input vire-textarea" aria-invalid={error ? true : undefined} aria-describedby={ids.describedBy} {...textarea} />
      <Messages hint={hint} error={error} hintId={ids.hintId} errorId={ids.errorId} />
    </div>
  );
}

/** A labelled native select (keyboard and screen-reader behaviour for free). */
export function SelectField({ label, error, hint, id, className, children, ...select }: Described & SelectHTMLAttributes<HTMLSelectElement>) {
  const ids = useDescribedIds(id, Boolean(hint), Boolean(error));
  return (
    <div className={`field${className ? ` ${className}` : ""}`}>
      <label className="field__label" htmlFor={ids.controlId}>
        {label}
      </label>
      <select id={ids.controlId} className="field__input" aria-invalid={error ? true : undefined} aria-describedby={ids.describedBy} {...select}>
        {children}
      </select>
      <Messages hint={hint} error={error} hintId={ids.hintId} errorId={ids.errorId} />
    </div>
  );
}
