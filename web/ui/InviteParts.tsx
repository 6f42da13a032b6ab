import type { FormEvent, ReactNode } from "react";
import { Button } from "./Button";
import { Field } from "./Field";
import { Spinner } from "./Spinner";

interface InviteEmailFormProps {
  email: string;
  onEmailChange: (value: string) => void;
  onSubmit: (event: FormEvent) => void;
  error: string | null;
  sending: boolean;
  texts: { label: string; placeholder: string; send: string; sending: string };
  /** data-testid prefix: `${testId}-email` and `${testId}-send`. */
  testId: string;
}

/** The e-mail field and send button of an invitation dialog (friends, groups). */
export function InviteEmailForm({ email, onEmailChange, onSubmit, error, sending, texts, testId }: InviteEmailFormProps) {
  return (
    <form className="invite-form" onSubmit={onSubmit} noValidate>
      <Field
        label={texts.label}
        type="email"
        placeholder={texts.placeholder}
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
        error={error}
        autoComplete="off"
        autoFocus
        data-testid={`${testId}-email`}
      />
      <Button type="submit" disabled={!email.trim()} busy={sending} data-testid={`${testId}-send`}>
        {sending ? texts.sending : texts.send}
      </Button>
    </form>
  );
}

interface InviteRowProps {
  email: string;
  /** The date line under the address (sent, and when a pending one expires). */
  when: ReactNode;
  status: string;
  statusText: string;
  /** The copy-link button, for pending invitations. */
  action?: ReactNode;
  testId: string;
}

/** One sent invitation in a dialog's history: address, date, status badge and its action. */
export function InviteRow({ email, when, status, statusText, action, testId }: InviteRowProps) {
  return (
    <li className="invite-row" data-testid={testId} data-status={status}>
      <span className="invite-row__text">
        <span className="invite-row__email">{email}</span>
        <span className="invite-row__date">{when}</span>
      </span>
      <span className={`badge badge--invite-${status}`}>{statusText}</span>
      {action}
    </li>
  );
}

interface InviteHistoryProps {
  title: string;
  /** A button beside the title (refresh). */
  headerAction?: ReactNode;
  /** First load still running. */
  loading: boolean;
  loadingText: string;
  /** The failure line with its Retry, when loading failed. */
  failure?: ReactNode;
  /** Shown when the list loaded and holds nothing. */
  empty: string | null;
  testId: string;
  /** The InviteRow items. */
  children: ReactNode;
}

/** The "sent invitations" section of an invitation dialog: title, loading, failure, empty state and the rows. */
export function InviteHistory({ title, headerAction, loading, loadingText, failure, empty, testId, children }: InviteHistoryProps) {
  const titleId = `${testId}-title`;
  return (
    <section className="invite-history" aria-labelledby={titleId}>
      <div className="invite-history__header">
        <h3 id={titleId} className="invite-history__title">
          {title}
        </h3>
        {headerAction}
      </div>
      {loading && (
        <p className="muted" role="status">
          <Spinner size={14} /> {loadingText}
        </p>
      )}
      {failure}
      {empty && <p className="muted">{empty}</p>}
      <ul className="invite-history__list" data-testid={testId}>
        {children}
      </ul>
    </section>
  );
}
