import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { workerDependencies } from "../fakes/worker-dependencies";

describe("the worker tests' pre-bundled dependencies", () => {
  it("are the packages the code imports at run time, however it imports them", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "deps-"));
    mkdirSync(path.join(root, "src", "deep"), { recursive: true });
    writeFileSync(
      path.join(root, "src", "a.ts"),
      [
        'import { x } from "alpha";',
        'import "side-effect";',
        "import {",
        "  y,",
        '} from "@scope/beta/sub";',
        'export { z } from "gamma";',
        'const lazy = () => import("delta");',
        'import type { T } from "types-only";',
        'import { env } from "cloudflare:test";',
        'import { rm } from "node:fs";',
        'import { local } from "./local";',
        '// text from "a comment" is not an import',
        'import { it } from "vitest";',
      ].join("\n"),
    );
    writeFileSync(path.join(root, "src", "deep", "b.tsx"), 'import mammoth from "mammoth";\n');
    expect(workerDependencies(root, ["src"])).toEqual(["@scope/beta/sub", "alpha", "delta", "gamma", "mammoth", "side-effect"]);
  });

  it("include the real Worker's, mammoth among them", () => {
    const found = workerDependencies(".", ["worker", "contract", "tests/worker"]);
    expect(found).toEqual(expect.arrayContaining(["better-auth/minimal", "drizzle-orm", "hono", "mammoth", "unpdf", "valibot"]));
  });
});
