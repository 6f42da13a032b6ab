export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8799);
