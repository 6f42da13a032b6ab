// The Durable Objects load with every chat and inbox: pulling in the HTTP app (hono) or the auth
// library (better-auth) through any chain of imports costs each of them at start-up and ties them
// to route code. eslint only sees a file's own imports, so this walks the whole graph.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOM_ENTRIES = ["worker/rooms/chat-room/index.ts", "worker/rooms/user-inbox.ts"];
const FORBIDDEN = /^(hono|better-auth)(\/|$)/;
/** `import … from "x"` and `export … from "x"`; type-only ones vanish when compiled and are skipped. */
const IMPORT = /^\s*(?:import|export)\s+(type\s+)?[^'"]*?\bfrom\s+["']([^"']+)["']/gm;

function resolveRelative(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), base]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every chain of value imports from `entry` that ends in a forbidden package, as "a -> b -> pkg". */
function forbiddenChains(entry: string): string[] {
  const visited = new Set<string>();
  const chains: string[] = [];
  const walk = (file: string, chain: string[]) => {
    if (visited.has(file)) return;
    visited.add(file);
    const here = [...chain, path.relative(process.cwd(), file)];
    for (const [, typeOnly, specifier] of fs.readFileSync(file, "utf8").matchAll(IMPORT)) {
      if (typeOnly || !specifier) continue;
      if (FORBIDDEN.test(specifier)) chains.push([...here, specifier].join(" -> "));
      else if (specifier.startsWith(".")) {
        const next = resolveRelative(file, specifier);
        if (next) walk(next, here);
      }
    }
  };
  walk(path.resolve(entry), []);
  return chains;
}

describe("Durable Object import graph", () => {
  it.each(ROOM_ENTRIES)("%s reaches neither hono nor better-auth", (entry) => {
    expect(forbiddenChains(entry)).toEqual([]);
  });

  it("finds such a chain when there is one (the Worker's entry mounts the Hono app)", () => {
    expect(forbiddenChains("worker/index.ts")).toContain("worker/index.ts -> hono");
  });
});
