/** One outbox mail as the developer settings page lists it (`GET /api/dev/mail`). */
export interface DevOutboxMail {
  id: string;
  kind: string;
  to: string;
  subject: string;
  status: "pending" | "sending" | "sent" | "failed";
  attempts: number;
  lastError: string | null;
  /** The first link of the mail's text, so a developer can follow an invitation without a mailbox. */
  link: string | null;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string;
}

/** `GET /api/dev/mail` data: newest first, and whether an SMTP server is configured at all. */
export interface DevOutboxAnswer {
  mails: DevOutboxMail[];
  smtpConfigured: boolean;
}
