import { defineConfig } from "vitest/config";

// Sandbox host tests: each file starts the real server as a child process on a free port,
// with its own temporary workspace root, and talks to it over HTTP and WebSocket.
export default defineConfig({
  test: {
    environment: "node",
    include: ["tests/sandbox/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
