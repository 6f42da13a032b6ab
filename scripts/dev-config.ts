// Worker configs for `wrangler dev`, written into the local state on every start (scripts/start.ts).
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");

/**
 * A copy of one of the repository's Worker configs, in its own folder of the local state, with a
 * .dev.vars that holds the developer's settings and then this run's. wrangler gives a second config
 * neither `--var` nor `--env-file`, only the .dev.vars beside it, so every config but the first
 * runs from such a copy. `edit` changes the copy's text (never the repository's file).
 */
export function devConfigCopy(opts: {
  stateDir: string;
  source: string;
  folder: string;
  runVars: Record<string, string>;
  edit?: (toml: string) => string;
}): string {
  const dir = join(opts.stateDir, opts.folder);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Its paths are relative to the config, so they become absolute in the copy.
  const config = readFileSync(join(root, opts.source), "utf8").replace(
    /^(main|base_dir) = "(.+)"$/gm,
    (_, key: string, path: string) => `${key} = ${JSON.stringify(join(root, path))}`,
  );
  writeFileSync(join(dir, opts.source), (opts.edit ?? ((toml) => toml))(config));
  const overrides = Object.entries(opts.runVars).map(([name, value]) => `${name}=${JSON.stringify(value)}\n`);
  writeFileSync(join(dir, ".dev.vars"), `${readFileSync(join(root, ".dev.vars"), "utf8")}\n${overrides.join("")}`, { mode: 0o600 });
  return join(dir, opts.source);
}

/** The API Worker's config without its queue consumer (a block of keys, up to the next comment or table). */
export function withoutQueueConsumers(toml: string): string {
  return toml.replace(/^\[\[queues\.consumers\]\]\n(?:[^[#\n][^\n]*\n|\n)*/gm, "");
}

/** The Worker that runs the queue consumer on its own: the API Worker's code and bindings under another name. */
export const CONSUMER_WORKER = "teamchat-queue-consumer";

export function asQueueConsumer(toml: string): string {
  return toml.replace(/^name = "teamchat"$/m, `name = "${CONSUMER_WORKER}"`);
}

/**
 * JOBS_APART=1 (the benchmark's BENCH_JOBS_APART): the queue consumer runs in a second `wrangler dev`,
 * so in a workerd of its own, as on Cloudflare, where a queue's consumer, D1 and the search shards
 * never run on a chat room's thread. Locally one workerd runs every Worker of a `wrangler dev` on
 * one thread, so a mirror batch's D1 and search work holds up the room's frames while it runs. The
 * two processes find each other through a dev registry of their own. The consumer's D1 starts as a
 * copy of the app's, taken after the seed, so it finds the chats and members the app has.
 */
export function consumerState(stateDir: string): { stateDir: string; registry: string } {
  const consumerDir = join(stateDir, "queue-consumer-state");
  cpSync(join(stateDir, "v3", "d1"), join(consumerDir, "v3", "d1"), { recursive: true });
  return { stateDir: consumerDir, registry: join(stateDir, "dev-registry") };
}
