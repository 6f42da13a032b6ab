import type { FormEvent, ReactNode } from "react";
import { Button } from "./Button";
import { Field } from "./Field";

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
