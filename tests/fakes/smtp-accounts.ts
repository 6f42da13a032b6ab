/** The sign-in the loopback SMTP server (tests/fakes/smtp-server.ts) accepts; shared with the tests inside workerd. */
export const FAKE_SMTP_USER = "mailer";
export const FAKE_SMTP_PASSWORD = "mail-secret";
