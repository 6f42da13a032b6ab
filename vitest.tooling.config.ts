import { defineConfig } from "vitest/config";

// Tests of the repository's own tooling (the lint config), run in Node by `npm run lint`.
export default defineConfig({
  test: {
    name: "tooling",
    include: ["tests/tooling/**/*.test.ts"],
    environment: "node",
  },
});
