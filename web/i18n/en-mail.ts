/** English texts of the mail outbox on the developer settings page. */
export const enMail = {
  title: "Mail outbox",
  refresh: "Refresh",
  smtpOn: "Mail is delivered over SMTP. Failed deliveries are retried after 1, 5 and 30 minutes, then every 2 hours, six attempts in all.",
  smtpOff: "No SMTP server is configured, so mail is not sent: it waits here. Set SMTP_HOST and MAIL_FROM to deliver it (see README, Mail).",
  empty: "No mail yet",
  loadFailed: "Failed to load the mail outbox",
  listLabel: "Mails, newest first",
  to: "To",
  attempts_one: "{{count}} attempt",
  attempts_other: "{{count}} attempts",
  error: "Last error",
  link: "Link",
  queuedAt: "Queued {{time}}",
  sentAt: "Sent {{time}}",
  nextAttempt: "Next attempt {{time}}",
  status: {
    pending: "Pending",
    sending: "Sending",
    sent: "Sent",
    failed: "Failed",
  },
};
