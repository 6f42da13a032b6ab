import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { FieldMessages, useFieldIds } from "./Field";

interface Described {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  /** Extra content at the right of the label row (a counter, a format button). */
  aside?: ReactNode;
}

interface TextAreaExtras {
  /** Classes of the textarea itself (its size); the wrapper takes `className`. */
  textareaClassName?: string;
}

/** A labelled textarea with the same error and hint wiring as `ui/Field`. */
export function TextAreaField({
  label,
  error,
  hint,
  aside,
  id,
  className,
  textareaClassName,
  ...textarea
}: Described & TextAreaExtras & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const ids = useFieldIds(id, Boolean(hint), Boolean(error));
  return (
    <div className={`field${className ? ` ${className}` : ""}`}>
      <div className="field__label-row">
        <label className="field__label" htmlFor={ids.controlId}>
          {label}
        </label>
        {aside}
      </div>
      <textarea
        id={ids.controlId}
        className={`field__input${textareaClassName ? ` ${textareaClassName}` : ""}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...textarea}
      />
      <FieldMessages hint={hint} error={error} hintId={ids.hintId} errorId={ids.errorId} />
    </div>
  );
}

/** A labelled native select (keyboard and screen-reader behaviour for free). */
export function SelectField({ label, error, hint, id, className, children, ...select }: Described & SelectHTMLAttributes<HTMLSelectElement>) {
  const ids = useFieldIds(id, Boolean(hint), Boolean(error));
  return (
    <div className={`field${className ? ` ${className}` : ""}`}>
      <label className="field__label" htmlFor={ids.controlId}>
        {label}
      </label>
      <select id={ids.controlId} className="field__input" aria-invalid={error ? true : undefined} aria-describedby={ids.describedBy} {...select}>
        {children}
      </select>
      <FieldMessages hint={hint} error={error} hintId={ids.hintId} errorId={ids.errorId} />
    </div>
  );
}
