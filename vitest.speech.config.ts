import { defineConfig } from "vitest/config";

// Speech service tests: each file starts the real service (`node speech/server.ts`) on a free
// port and talks to it over HTTP; espeak-ng, pocketsphinx and ffmpeg really run.
export default defineConfig({
  test: {
    environment: "node",
    include: ["tests/speech/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
