// Builds worker/lazy/*.ts into worker/lazy/*.js: the libraries a Worker loads on first use, as
// modules the Worker configs upload beside the bundle (worker/lazy.ts says why). Run by `npm start`,
// `npm run deploy` and the deploy test; `npm run build:worker` runs it alone.
//
// The options are wrangler's own for a Worker bundle (conditions, target, NODE_ENV), so a library
// resolves to the same files as it did inside the bundle. Node's built-ins stay imports: workerd
// provides them under nodejs_compat.
import { build } from "esbuild";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const dir = resolve(import.meta.dirname, "../worker/lazy");

export async function buildLazyModules(): Promise<string[]> {
  const entries = readdirSync(dir)
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".d.ts"))
    .map((name) => join(dir, name));
  const result = await build({
    entryPoints: entries,
    outdir: dir,
    write: false,
    bundle: true,
    format: "esm",
    platform: "browser",
    conditions: ["workerd", "worker", "browser"],
    target: "es2024",
    external: ["node:*"],
    define: { "process.env.NODE_ENV": '"production"', "global.process.env.NODE_ENV": '"production"', "globalThis.process.env.NODE_ENV": '"production"' },
    minify: true,
    keepNames: true,
    // Every character beyond ASCII escaped, as in the bundle: one would make V8 keep the whole
    // module's source as a two-byte string.
    charset: "ascii",
    legalComments: "none",
    logLevel: "warning",
  });
  for (const file of result.outputFiles) {
    await requireFunctions(file.text, file.path);
    writeFileSync(file.path, deferred(file.text, file.path));
  }
  return result.outputFiles.map((file) => file.path);
}

/**
 * deferred() turns every export into a function that forwards its calls, which is only right for
 * functions: the module as built is imported here once (Node runs these libraries' top level) and
 * the build fails on any export that is something else.
 */
async function requireFunctions(code: string, path: string): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), "lazy-module-"));
  try {
    const copy = join(scratch, "module.mjs");
    writeFileSync(copy, code);
    const exports = (await import(pathToFileURL(copy).href)) as Record<string, unknown>;
    const others = Object.entries(exports).filter(([, value]) => typeof value !== "function");
    if (others.length > 0) throw new Error(`${path}: only functions may be exported, not ${others.map(([name]) => name).join(", ")}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * The module with its body moved into a function that runs on the first call of any export.
 * workerd compiles every module of a Worker when the isolate starts, imported or not, and V8
 * compiles a module's top level at once, with a SharedFunctionInfo for each function in it: for
 * these libraries about as many code objects as the rest of the Worker. A function's inner
 * functions are only pre-parsed until it first runs, so here they cost nothing until used.
 * Each export becomes a function that forwards its calls: the entries (worker/lazy/*.ts) export
 * functions only, and the Worker calls them, never keeps them.
 */
function deferred(code: string, path: string): string {
  const tail = /export\s*\{([^}]*)\};?\s*$/.exec(code);
  if (!tail || /^import[\s{*"]/.test(code)) throw new Error(`${path}: expected a module without imports that ends in one export list`);
  const names = tail[1]!.split(",").map((item) => {
    const [local, exported = local] = item.trim().split(/\s+as\s+/);
    return { local: local!, exported: exported! };
  });
  const body = code.slice(0, tail.index);
  const table = names.map((n) => `${n.exported}:${n.local}`).join(",");
  const forwarders = names.map((n) => `export const ${n.exported}=(...a)=>load().${n.exported}(...a);`).join("\n");
  return `let loaded;const load=()=>loaded??=(()=>{${body}\nreturn{${table}}})();\n${forwarders}\n`;
}

if (import.meta.main) {
  const built = await buildLazyModules();
  console.log(`Built ${built.length} lazily loaded Worker modules in worker/lazy/`);
}
