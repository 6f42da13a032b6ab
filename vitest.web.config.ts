import { defineConfig } from "vitest/config";

// Unit tests of the SPA's pure logic and its API client. They run in Node: the client's
// browser dependencies (window, localStorage, fetch) are stubbed per test, not a whole DOM.
export default defineConfig({
  test: {
    name: "web",
    include: ["tests/web/**/*.test.ts"],
    environment: "node",
    clearMocks: true,
    unstubGlobals: true,
  },
});
