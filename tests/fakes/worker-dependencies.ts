import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** `from "pkg"`, `import "pkg"` and `import("pkg")` of a package by its npm name (not a path). */
const BARE = /(?:\bfrom\s*|^\s*import\s*|\bimport\(\s*)["']((?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(?:\/[\w.-]+)*)["']/g;
const COMMENT = /^\s*(\/\/|\/\*|\*)/;
/** Type-only imports are gone once compiled; vitest is the test runner's own. */
const SKIP = /^\s*(import|export) type\b/;

/**
 * Every package the code under `dirs` imports, by the specifier it uses: the list the worker tests
 * pre-bundle, found afresh each run so a new dependency is never left out. `node:` and `cloudflare:`
 * modules are workerd's own and never match.
 */
export function workerDependencies(root: string, dirs: string[]): string[] {
  const found = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (/\.tsx?$/.test(entry.name)) {
        for (const line of readFileSync(file, "utf8").split("\n")) {
          if (COMMENT.test(line) || SKIP.test(line)) continue;
          for (const [, spec] of line.matchAll(BARE)) found.add(spec!);
        }
      }
    }
  };
  for (const dir of dirs) visit(path.join(root, dir));
  found.delete("vitest");
  return [...found].sort();
}
