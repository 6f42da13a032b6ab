// Lint checks what prettier cannot: which part of the code may import which (DESIGN.md
// conventions 6, 9 and 10) and the rules of hooks. Style is prettier's job, so no style rules here.
import fs from "node:fs";
import path from "node:path";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";

// Every folder under web/features is a feature: read from disk, so a new one is kept apart without editing this list.
const FEATURES = fs
  .readdirSync(new URL("./web/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
// Every worker folder but the routes themselves, read from disk so a new domain is covered at once.
const WORKER_AREAS = fs
  .readdirSync(new URL("./worker", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== "api")
  .map((entry) => entry.name)
  .sort();
// Deep enough for the deepest folder today (web/features/chat/agent/hooks) with room to grow.
const MAX_DEPTH = 6;

const ROUTES_ARE_WIRED_ONLY_BY_INDEX =
  "Only worker/index.ts mounts routes: move the shared code into a domain module (worker/plans, worker/chats, ...) and import that.";
const FEATURES_STAY_APART = "A feature does not import another feature: move what both need into web/ui, contract/ or web/app.";
const WEB_NEVER_IMPORTS_WORKER = "The SPA does not import server code: wire types live in contract/.";
const CONTRACT_STANDS_ALONE = "contract/ is imported by worker, web and sandbox, so it imports none of them.";
const ROOMS_STAY_HTTP_FREE = "A Durable Object does not depend on the HTTP app or the auth library: take what it needs from a domain module.";

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * no-restricted-imports matches the import text, not the file it resolves to, and the imports here
 * are relative. So one block per folder depth below `root`: from a file that many folders down,
 * `target` can only be reached as exactly that many "../" and then the path from root to target.
 * A later block replaces an earlier block's options for the same rule, so each block carries every
 * restriction of its area, and areas never overlap.
 */
function boundary(root, restrictions, packages = []) {
  return Array.from({ length: MAX_DEPTH }, (_, depth) => ({
    files: [`${root}/${"*/".repeat(depth)}*.{ts,tsx,js}`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: packages.map(({ name, message }) => ({ name, message })),
          patterns: [
            ...restrictions.map(({ target, message }) => ({
              regex: `^${escapeRegex("../".repeat(depth) + path.posix.relative(root, target))}(/|$)`,
              message,
            })),
            ...packages.map(({ name, message }) => ({ regex: `^${escapeRegex(name)}/`, message })),
          ],
        },
      ],
    },
  }));
}

const noRoutes = { target: "worker/api", message: ROUTES_ARE_WIRED_ONLY_BY_INDEX };
const noWorker = { target: "worker", message: WEB_NEVER_IMPORTS_WORKER };

/**
 * Temporary: files that break a boundary today, while routes move into domain modules and the chat
 * into one store. Here the rule only warns, so the violations stay visible in every run.
 * Shrink this list as files are fixed; the goal is an empty list.
 */
const PENDING_BOUNDARY_FIXES = [];

export default defineConfig(
  {
    ignores: [
      "**/node_modules/",
      "dist/",
      "coverage/",
      "test-results/",
      ".wrangler/",
      ".e2e-state*/",
      ".sandbox-data/",
      ".ci/",
      "migrations/",
      "worker-configuration.d.ts",
      // Built by scripts/build-lazy-modules.ts.
      "worker/lazy/*.js",
    ],
  },
  {
    files: ["**/*.{ts,tsx,js}"],
    languageOptions: { parser: tseslint.parser, ecmaVersion: "latest", sourceType: "module" },
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    // Missing effect dependencies are usually stale closures; a deliberate omission says why in a disable comment.
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  // Everything outside the worker's routes reaches them only through worker/index.ts.
  ...boundary("tests", [noRoutes]),
  ...boundary("sandbox", [noRoutes]),
  // The speech service is a Node process beside the sandbox host: nothing of the Worker or the SPA runs in it.
  ...boundary("speech", [
    { target: "worker", message: "The speech service runs in Node, not the Worker: it imports neither worker/ nor web/." },
    { target: "web", message: "The speech service runs in Node, not the Worker: it imports neither worker/ nor web/." },
  ]),
  ...boundary("scripts", [noRoutes]),
  ...boundary("bench", [noRoutes]),
  ...WORKER_AREAS.flatMap((area) =>
    boundary(
      `worker/${area}`,
      [noRoutes],
      area === "rooms"
        ? [
            { name: "hono", message: ROOMS_STAY_HTTP_FREE },
            { name: "better-auth", message: ROOMS_STAY_HTTP_FREE },
          ]
        : [],
    ),
  ),
  // Route files stand alone: what two of them share lives in a domain module or worker/lib.
  { files: ["worker/api/*.ts"], rules: { "no-restricted-imports": ["error", { patterns: [{ regex: "^\\./", message: ROUTES_ARE_WIRED_ONLY_BY_INDEX }] }] } },
  ...boundary("contract", [
    { target: "worker", message: CONTRACT_STANDS_ALONE },
    { target: "web", message: CONTRACT_STANDS_ALONE },
    { target: "sandbox", message: CONTRACT_STANDS_ALONE },
  ]),
  // web/app composes the features, so it may import any of them; only the server is off limits.
  ...boundary("web/app", [noWorker]),
  ...boundary("web/ui", [
    noWorker,
    ...FEATURES.map((feature) => ({ target: `web/features/${feature}`, message: "web/ui is shared by every feature, so it imports none." })),
  ]),
  ...boundary("web/i18n", [noWorker]),
  ...FEATURES.flatMap((feature) =>
    boundary(`web/features/${feature}`, [
      noWorker,
      ...FEATURES.filter((other) => other !== feature).map((other) => ({ target: `web/features/${other}`, message: FEATURES_STAY_APART })),
    ]),
  ),
  PENDING_BOUNDARY_FIXES.length > 0 ? { files: PENDING_BOUNDARY_FIXES, rules: { "no-restricted-imports": "warn" } } : {},
);
