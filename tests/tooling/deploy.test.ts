// `npm test` proves the product deploys: the Worker bundles exactly as `wrangler deploy` would
// upload it (offline, with --dry-run), and the sandbox and speech images build from their
// Dockerfiles where a Docker engine runs (the test machines have only the client, so there the
// image builds are skipped and say so).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLazyModules } from "../../scripts/build-lazy-modules.ts";

const root = resolve(import.meta.dirname, "../..");
const scratch = mkdtempSync(join(tmpdir(), "deploy-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
// As `npm run deploy` does before wrangler bundles.
beforeAll(() => buildLazyModules(), 120_000);

const wrangler = join(root, "node_modules", ".bin", "wrangler");

function run(command: string, args: string[], timeoutMs: number) {
  const r = spawnSync(command, args, {
    cwd: root,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
    encoding: "utf8",
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: r.status, output: `${r.stdout ?? ""}${r.stderr ?? ""}` };
}

/** The Durable Object classes a config's migrations create: each must be exported by its bundle, or the deploy is refused. */
function migratedClasses(config: string): string[] {
  const text = readFileSync(join(root, config), "utf8");
  return [...text.matchAll(/^new_sqlite_classes\s*=\s*\[([^\]]*)\]/gm)].flatMap((m) => [...m[1]!.matchAll(/"([^"]+)"/g)].map((c) => c[1]!));
}

/** Where the bundle has characters beyond Latin-1, with a little of the code around each (at most five). */
function beyondLatin1(bundle: string): string[] {
  return [...bundle.matchAll(/[^\u0000-\u00ff]+/g)].slice(0, 5).map((m) => bundle.slice(Math.max(0, m.index - 60), m.index + m[0].length + 20));
}

/** What each library loaded on first use (worker/lazy.ts) leaves out of the bundle: a string only it has. */
const LAZY_MODULES = [
  { file: "lazy/agent-sdk.js", only: "AI_NoSuchToolError" },
  { file: "lazy/pdf.js", only: "GlobalWorkerOptions" },
];

/** Bundles a Worker as `wrangler deploy` would, and checks what every Worker bundle must be. */
function dryRun(config: string, file: string): { output: string; bundle: string } {
  const out = join(scratch, config);
  const r = run(wrangler, ["deploy", "--dry-run", "-c", config, "--outdir", out], 180_000);
  expect(r.status, r.output.slice(-4000)).toBe(0);
  expect(r.output).toContain("--dry-run: exiting now.");
  const bundle = readFileSync(join(out, file), "utf8");
  // The module's own export list, the last in the bundle; minified it reads `export{Ehe as ChatRoom,…,aYr as default}`.
  const exported = [...bundle.matchAll(/\bexport\s*\{([^}]*)\}/g)].at(-1)?.[1] ?? "";
  for (const name of migratedClasses(config)) expect(exported).toMatch(new RegExp(`\\b${name}\\b`));
  expect(exported).toMatch(/\bas default\b/);
  // V8 keeps the source in every isolate: one character beyond Latin-1 doubles it (wrangler.toml).
  expect(beyondLatin1(bundle), "build such patterns from strings, as worker/vires/skills.ts does").toEqual([]);
  // The libraries loaded on first use go up as modules of their own, imported by their path, not in the bundle.
  for (const lazy of LAZY_MODULES) {
    expect(r.output).toContain(lazy.file);
    expect(bundle).toContain(`import("./${lazy.file}")`);
    expect(bundle).not.toContain(lazy.only);
    const module = readFileSync(join(out, lazy.file), "utf8");
    expect(module).toContain(lazy.only);
    // Its body runs on first use, not when the isolate compiles it (scripts/build-lazy-modules.ts).
    expect(module).toMatch(/^let loaded;const load=\(\)=>loaded\?\?=\(\(\)=>\{/);
    expect(beyondLatin1(module)).toEqual([]);
  }
  return { output: r.output, bundle };
}

/** A config's top-level settings, [vars] and module [[rules]], without comments. */
function settingsOf(config: string): { top: string[]; vars: string[]; rules: string[] } {
  const text = readFileSync(join(root, config), "utf8").replace(/^#.*$/gm, "");
  const top = text
    .split(/^\[/m)[0]!
    .split("\n")
    .filter((line) => /^(compatibility_\w+|minify|upload_source_maps|base_dir|find_additional_modules)\s*=/.test(line));
  const section = (header: string) =>
    text
      .split(/^(?=\[)/m)
      .find((part) => part.startsWith(`${header}\n`))
      ?.split("\n")
      .slice(1)
      .filter((line) => line.trim() !== "") ?? [];
  return { top, vars: section("[vars]"), rules: section("[[rules]]") };
}

describe("the Workers", () => {
  it("the API Worker bundles offline as `wrangler deploy` uploads it, exporting every Durable Object class it migrates", () => {
    const { output, bundle } = dryRun("wrangler.toml", "index.js");
    expect(migratedClasses("wrangler.toml")).toEqual(["ChatRoom", "UserInbox", "SearchShard"]);
    // The pages come from the SPA's Worker, through the service binding; the rooms from the rooms Worker.
    expect(output).toMatch(/env\.ASSETS \(teamchat-web\)/);
    expect(output).toMatch(/env\.CHAT_ROOM \(ChatRoom, defined in teamchat-rooms\)/);
    expect(output).toMatch(/env\.USER_INBOX \(UserInbox, defined in teamchat-rooms\)/);
    expect(bundle.length).toBeLessThan(2_500_000);
  }, 200_000);

  it("the rooms Worker bundles with the rooms and inboxes alone, binding nothing of the API Worker's, built as it is", () => {
    const { output, bundle } = dryRun("wrangler.rooms.toml", "entry.js");
    expect(/^name\s*=\s*"([^"]+)"/m.exec(readFileSync(join(root, "wrangler.rooms.toml"), "utf8"))?.[1]).toBe("teamchat-rooms");
    expect(migratedClasses("wrangler.rooms.toml")).toEqual(["ChatRoom", "UserInbox"]);
    // Nothing back to the API Worker, which binds this one: a cycle could not be deployed from scratch.
    expect(output).not.toMatch(/defined in teamchat\)/);
    // Without the API's routes, auth and file readers.
    expect(bundle.length).toBeLessThan(500_000);
    expect(settingsOf("wrangler.rooms.toml")).toEqual(settingsOf("wrangler.toml"));
  }, 200_000);

  it("the SPA's assets-only Worker, the ASSETS binding's target, passes the deploy checks", () => {
    // A stand-in for the SPA's build (dist/web), so this does not depend on `npm run build` having run.
    const assets = join(scratch, "web");
    mkdirSync(assets);
    writeFileSync(join(assets, "index.html"), "<!doctype html><title>Team chat</title>");
    const web = readFileSync(join(root, "wrangler.web.toml"), "utf8");
    expect(/^name\s*=\s*"([^"]+)"/m.exec(web)?.[1]).toBe("teamchat-web");
    const r = run(wrangler, ["deploy", "--dry-run", "-c", "wrangler.web.toml", "--assets", assets], 180_000);
    expect(r.status, r.output.slice(-4000)).toBe(0);
    expect(r.output).toContain("--dry-run: exiting now.");
  }, 200_000);
});

/** The images' base, as their Dockerfiles name it. */
const BASE_IMAGE = "node:22-slim";
const dockerEngine = run("docker", ["info"], 20_000).status === 0;
// An engine without a registry to pull the base from cannot build either; that is the machine, not the Dockerfile.
const baseImage =
  dockerEngine && (run("docker", ["image", "inspect", BASE_IMAGE], 20_000).status === 0 || run("docker", ["pull", BASE_IMAGE], 60_000).status === 0);

it(`the service images build from ${BASE_IMAGE}, the base the build test looks for`, () => {
  for (const service of ["sandbox", "speech"]) {
    expect(/^FROM\s+(\S+)/m.exec(readFileSync(join(root, service, "Dockerfile"), "utf8"))?.[1]).toBe(BASE_IMAGE);
  }
});

describe.skipIf(!baseImage)(`the service images (a Docker engine runs here, with ${BASE_IMAGE})`, () => {
  for (const service of ["sandbox", "speech"]) {
    it(`${service}/Dockerfile builds`, () => {
      const r = run("docker", ["build", "-f", `${service}/Dockerfile`, "-t", `teamchat-${service}:test`, "."], 900_000);
      expect(r.status, r.output.slice(-4000)).toBe(0);
    }, 920_000);
  }
});
