export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8799);
/** Parent pages for the embedding test, on `localhost` (another site than the app's 127.0.0.1): one allowed, one not. */
export const EMBED_PARENT_PORT = E2E_PORT + 1000;
export const FOREIGN_PARENT_PORT = E2E_PORT + 1001;
/** The loopback SMTP server the app delivers invitations to, and its HTTP side door where tests read the mails. */
export const SMTP_PORT = E2E_PORT + 1002;
export const SMTP_HTTP_PORT = E2E_PORT + 1003;
