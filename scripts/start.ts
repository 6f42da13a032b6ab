// `npm start`: local D1 migrations, the idempotent demo seed, the SPA build, then the Worker
// (API, Durable Objects, Queue, cron, static SPA) on one origin. Everything runs offline.
//
// Environment: PORT (default 8787), STATE_DIR (where local D1/R2/DO data lives, default
// .wrangler/state), SKIP_BUILD=1 to reuse dist/web, EXTRA_SEED_SQL=file to run after the seed,
// SANDBOX_PORT (default PORT+1), SPEECH_PORT (default PORT+2), SPEECH_URL to use another speech provider,
// JOBS_APART=1 to run the queue consumer in a second `wrangler dev` on PORT+5 (scripts/dev-config.ts).
import { spawn, spawnSync } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { randomBytes } from "node:crypto";
import { buildLazyModules } from "./build-lazy-modules.ts";
import { asQueueConsumer, consumerState, devConfigCopy, withoutQueueConsumers } from "./dev-config.ts";
import { demoSeedSql } from "./seed.ts";
import { ALICE, BOB } from "./demo-data.ts";
import { jailMode } from "../sandbox/jail.ts";
import { missingSpeechTools, missingToolsMessage } from "../speech/tools.ts";

const root = resolve(import.meta.dirname, "..");
const port = Number(process.env.PORT ?? 8787);
const stateDir = resolve(root, process.env.STATE_DIR ?? ".wrangler/state");
const bin = (name: string) => join(root, "node_modules", ".bin", name);
const childEnv = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" };

function run(step: string, cmd: string, args: string[]): void {
  console.log(`\n▶ ${step}`);
  const result = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: childEnv });
  if (result.status !== 0) {
    console.error(`✖ ${step} failed (exit ${result.status ?? result.signal})`);
    process.exit(1);
  }
}

/** Optional settings a first .dev.vars lists, commented out, so a developer sees what can be filled (README "Configuration"). */
const OPTIONAL_SETTINGS = `
# Language model (README "Model providers"): ANTHROPIC_API_KEY=…, or OPENAI_BASE_URL=… with OPENAI_API_KEY=…
# File analysis speech (README "Local speech service"; npm start runs the local one unless SPEECH_URL is set):
# SPEECH_URL=https://api.openai.com/v1
# SPEECH_API_KEY=
# SPEECH_STT_MODEL=whisper-1
# SPEECH_TTS_MODEL=tts-1
# SPEECH_TTS_VOICES=alloy,echo
# Without SPEECH_URL, with a Workers AI binding named AI:
# WORKERS_AI_STT_MODEL=@cf/openai/whisper-large-v3-turbo
# WORKERS_AI_TTS_MODEL=@cf/myshell-ai/melotts
`;

/**
 * A first run writes .dev.vars with fresh secrets; later runs keep what the developer may have
 * edited and only add a secret that an older file lacks. Returns the settings the file holds.
 */
function ensureDevVars(): Record<string, string> {
  const file = join(root, ".dev.vars");
  if (!existsSync(file)) {
    writeFileSync(file, `BETTER_AUTH_SECRET=${randomBytes(32).toString("hex")}\nDEV_EMAILS=${ALICE.email}\n${OPTIONAL_SETTINGS}`);
    console.log("Wrote .dev.vars with a new BETTER_AUTH_SECRET");
  }
  if (!/^BETTER_AUTH_SECRET=/m.test(readFileSync(file, "utf8"))) {
    console.error("✖ .dev.vars has no BETTER_AUTH_SECRET; add one (32+ characters) or delete the file to regenerate it.");
    process.exit(1);
  }
  if (!/^SANDBOX_SECRET=/m.test(readFileSync(file, "utf8"))) {
    appendFileSync(file, `SANDBOX_SECRET=${randomBytes(24).toString("hex")}\n`);
  }
  const vars: Record<string, string> = {};
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (match) vars[match[1]!] = match[2]!;
  }
  return vars;
}

/** The sandbox host (files, git, terminals) beside the Worker, reachable only on loopback. */
function startSandbox(secret: string, port: number): ReturnType<typeof spawn> {
  const sandbox = spawn(process.execPath, ["sandbox/server.ts"], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, SANDBOX_SECRET: secret, SANDBOX_PORT: String(port), SANDBOX_HOST: "127.0.0.1", SANDBOX_ROOT: join(stateDir, "sandbox-workspaces") },
  });
  // The chat works without it; say so instead of taking the Worker down with it.
  sandbox.on("exit", (code) => code !== 0 && code !== null && console.error(`✖ the sandbox host exited (code ${code}); coding workspaces are unavailable`));
  return sandbox;
}

/**
 * The local speech provider (transcription, text to speech, transcoding; speech/README.md) on
 * loopback with a fresh key, when Debian's tools are installed. Without them the rest still starts.
 * A SPEECH_URL in the shell or .dev.vars means another provider: nothing is started, it is used as is.
 */
function startSpeech(port: number, vars: Record<string, string>): { child: ReturnType<typeof spawn> | null; workerVars: Record<string, string> } {
  const external = process.env.SPEECH_URL || vars.SPEECH_URL;
  if (external) {
    const key = process.env.SPEECH_API_KEY || vars.SPEECH_API_KEY;
    return { child: null, workerVars: { SPEECH_URL: external, ...(key ? { SPEECH_API_KEY: key } : {}) } };
  }
  const missing = missingSpeechTools();
  if (missing.length) {
    console.log(`⚠ ${missingToolsMessage(missing)}`);
    return { child: null, workerVars: {} };
  }
  const key = randomBytes(24).toString("hex");
  const child = spawn(process.execPath, ["speech/server.ts"], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, SPEECH_API_KEY: key, SPEECH_PORT: String(port), SPEECH_HOST: "127.0.0.1" },
  });
  child.on(
    "exit",
    (code) => code !== 0 && code !== null && console.error(`✖ the speech service exited (code ${code}); transcription and podcasts are unavailable`),
  );
  return { child, workerVars: { SPEECH_URL: `http://127.0.0.1:${port}/v1`, SPEECH_API_KEY: key } };
}

async function waitForReady(url: string, child: ReturnType<typeof spawn>): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error("wrangler dev exited before it was ready");
    try {
      const res = await fetch(`${url}/api/membership/plans`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("wrangler dev did not answer within 120 s");
}

/**
 * Settings taken from the environment as Worker vars, so a shell (or the browser tests and the
 * benchmark) can point the agent at a model without editing .dev.vars. Browser tests also raise the
 * sign-in rate limit, as they sign in dozens of times from one address, and deliver mail to their own SMTP server.
 */
function passThroughVars(): Record<string, string> {
  const names =
    /^(ANTHROPIC_API_KEY|ANTHROPIC_BASE_URL|OPENAI_API_KEY|OPENAI_BASE_URL|OPENAI_MODELS|WORKERS_AI_MODEL|AGENT_IDLE_TIMEOUT_MS|AUTH_RATE_LIMIT_MAX|CUSTOM_ASSISTANT_ENDPOINT|EMBED_ORIGINS|IMAGE_HOSTS|SMTP_HOST|SMTP_PORT|SMTP_USER|SMTP_PASSWORD|SMTP_SECURE|MAIL_FROM|SPEECH_STT_MODEL|SPEECH_TTS_MODEL|SPEECH_TTS_VOICES)$/;
  return Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => names.test(entry[0]) && !!entry[1]));
}

async function main(): Promise<void> {
  const vars = ensureDevVars();
  const persist = ["--persist-to", stateDir];
  run("Applying D1 migrations (local)", bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", ...persist]);

  const seedDir = mkdtempSync(join(tmpdir(), "teamchat-seed-"));
  const seedFile = join(seedDir, "seed.sql");
  writeFileSync(seedFile, await demoSeedSql());
  run("Seeding the demo organization", bin("wrangler"), ["d1", "execute", "DB", "--local", "--file", seedFile, ...persist]);
  rmSync(seedDir, { recursive: true, force: true });
  // The benchmark seeds its own users and chat on top of the demo.
  if (process.env.EXTRA_SEED_SQL)
    run("Seeding extra data", bin("wrangler"), ["d1", "execute", "DB", "--local", "--file", process.env.EXTRA_SEED_SQL, ...persist]);
  const jobsApart = process.env.JOBS_APART === "1" ? consumerState(stateDir) : null;

  if (process.env.SKIP_BUILD !== "1" || !existsSync(join(root, "dist/web/index.html"))) {
    run("Building the web app", "npm", ["run", "--silent", "build", "--", "--logLevel", "warn"]);
  }
  await buildLazyModules();

  // Terminals are shells: as root they need the jail (bubblewrap), or an explicit opt-out. On a
  // fresh Debian machine (root, apt) the quick start installs it rather than stopping.
  if (process.getuid?.() === 0 && !existsSync("/usr/bin/bwrap") && existsSync("/usr/bin/apt-get") && process.env.SANDBOX_ALLOW_UNISOLATED !== "1") {
    run("Installing bubblewrap (workspace isolation)", "sh", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq bubblewrap"]);
  }
  if (jailMode() === "refused") {
    console.error(
      "✖ Refusing to hand out workspace terminals as root without isolation. Install bubblewrap (apt-get install -y bubblewrap), run as a non-root user, or set SANDBOX_ALLOW_UNISOLATED=1 to accept unisolated root shells.",
    );
    process.exit(1);
  }
  console.log("\n▶ Starting the sandbox host");
  const sandboxPort = Number(process.env.SANDBOX_PORT ?? port + 1);
  const sandbox = startSandbox(vars.SANDBOX_SECRET!, sandboxPort);
  const speechPort = Number(process.env.SPEECH_PORT ?? port + 2);
  const speech = startSpeech(speechPort, vars);

  console.log("\n▶ Starting the Worker");
  const url = `http://127.0.0.1:${port}`;
  const runVars = { ...passThroughVars(), SANDBOX_URL: `http://127.0.0.1:${sandboxPort}`, ...speech.workerVars };
  const extraVars = Object.entries(runVars).flatMap(([name, value]) => ["--var", `${name}:${value}`]);
  const roomsConfig = devConfigCopy({ stateDir, source: "wrangler.rooms.toml", folder: "rooms-worker", runVars });
  const apart = jobsApart
    ? { ...jobsApart, config: devConfigCopy({ stateDir, source: "wrangler.toml", folder: "queue-consumer", runVars, edit: asQueueConsumer }) }
    : null;
  const apiConfig = apart ? devConfigCopy({ stateDir, source: "wrangler.toml", folder: "api-worker", runVars, edit: withoutQueueConsumers }) : "wrangler.toml";
  const workerEnv = apart ? { ...childEnv, WRANGLER_REGISTRY_PATH: apart.registry } : childEnv;
  const worker = spawn(
    bin("wrangler"),
    // The API Worker first (it takes the requests), then the SPA's assets-only Worker behind its ASSETS
    // binding and the rooms Worker behind CHAT_ROOM and USER_INBOX.
    [
      "dev",
      "-c",
      apiConfig,
      "-c",
      "wrangler.web.toml",
      "-c",
      roomsConfig,
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      ...persist,
      ...extraVars,
      "--show-interactive-dev-session=false",
    ],
    {
      cwd: root,
      stdio: ["ignore", "inherit", "inherit"],
      env: workerEnv,
    },
  );
  let consumer: ReturnType<typeof spawn> | null = null;
  const stop = () => {
    consumer?.kill("SIGTERM");
    worker.kill("SIGTERM");
    sandbox.kill("SIGTERM");
    speech.child?.kill("SIGTERM");
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  worker.on("exit", (code) => {
    consumer?.kill("SIGTERM");
    sandbox.kill("SIGTERM");
    speech.child?.kill("SIGTERM");
    process.exit(code ?? 0);
  });

  await waitForReady(url, worker);
  if (apart) {
    console.log("\n▶ Starting the queue consumer in a workerd of its own (JOBS_APART=1)");
    const consumerPort = port + 5;
    consumer = spawn(
      bin("wrangler"),
      [
        "dev",
        "-c",
        apart.config,
        "--port",
        String(consumerPort),
        "--inspector-port",
        String(port + 6),
        "--ip",
        "127.0.0.1",
        "--persist-to",
        apart.stateDir,
        "--show-interactive-dev-session=false",
      ],
      { cwd: root, stdio: ["ignore", "inherit", "inherit"], env: workerEnv },
    );
    await waitForReady(`http://127.0.0.1:${consumerPort}`, consumer);
  }
  console.log(`
================================================================
  Team chat is running at ${url}   (sandbox host on 127.0.0.1:${sandboxPort}${speech.child ? `, speech on 127.0.0.1:${speechPort}` : ""})
  Sign in as ${ALICE.email} / ${ALICE.password}  (developer, owns Acme Robotics)
          or ${BOB.email} / ${BOB.password}  (also works in Acme Robotics)
  Stop with Ctrl+C.
================================================================`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
