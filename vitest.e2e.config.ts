import { defineConfig } from "vitest/config";

// Browser tests: real Chromium against the app as `npm start` runs it (started once in global setup).
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/e2e/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One app instance serves all files; running them one at a time keeps the 2-core machine responsive.
    fileParallelism: false,
  },
});
