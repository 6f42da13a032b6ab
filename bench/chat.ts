// Chat part of `npm run bench`: N clients in one room, against the app and against the floor
// (bench/floor/, the least a room can do on the same platform), in turns with the same client
// code. Prints send→ack and send→receiver latencies as app / floor and their ratio, server CPU
// per message, and whether every message reached every member exactly once.
import { launchFloor, type RunningFloor } from "./floor-launch.ts";
import { load, machineLine } from "./machine.ts";
import { SETTLE_MS, runScenario, threadsFor, type Measured, type Scenario } from "./chat-scenario.ts";
import { exactlyOnce, type RoundStats } from "./round-stats.ts";
import { gcReport, resetGcTallies } from "./server-output.ts";
import { median, ms, percentile, ratio } from "./stats.ts";

// The agent and coding benchmarks open their few sockets with this.
export { connect } from "./chat-socket.ts";

const SCENARIOS: Scenario[] = [
  { clients: 10, rate: 50, seconds: 6 },
  { clients: 100, rate: 50, seconds: 10 },
  { clients: 500, rate: 20, seconds: 10 },
  { clients: 1000, rate: 20, seconds: 10 },
];
/** Chat sizes the seed must create. */
export const CHAT_SIZES = SCENARIOS.map((s) => s.clients);
/** BENCH_CLIENTS=100 runs one scenario only (for profiling). */
const ONLY = process.env.BENCH_CLIENTS ? Number(process.env.BENCH_CLIENTS) : null;
/** Measured rounds per server and scenario (BENCH_REPEAT), taking turns. */
const REPEATS = Math.max(1, Number(process.env.BENCH_REPEAT ?? 2));
/**
 * BENCH_AA=1 puts a second floor where the app goes (an A/A run): the ratios it prints are what two
 * identical servers give on this machine, the noise any app/floor ratio has to be read against.
 */
const AA = process.env.BENCH_AA === "1";
/** The product's target for the largest room: last-receiver p99 within this factor of the floor. */
const TARGET_FACTOR = 1.2;
const TARGET_CLIENTS = 1000;
/** A client thread busier than this was close to being the bottleneck itself. */
const SATURATED = 0.9;

interface Row {
  s: Scenario;
  app: Measured;
  floor: Measured;
}

const p = (values: number[], q: number) => percentile(values, q);
const cpuText = (m: Measured) =>
  m.cpu ? `${(m.cpu.worker + m.cpu.proxy).toFixed(1)} ms (workerd ${m.cpu.worker.toFixed(1)} + dev proxy ${m.cpu.proxy.toFixed(1)})` : "n/a";

function describe(name: string, m: Measured): string {
  const r = m.stats;
  const once = exactlyOnce(r) ? "exactly once" : `NOT exactly once (missing ${r.missing}, duplicates ${r.duplicates}, acked ${r.acked}/${r.messages})`;
  return (
    `  ${name.padEnd(5)}  sent ${r.messages} at ${r.msgPerSec.toFixed(1)} msg/s; deliveries ${r.deliveries}/${r.expected} → ${once}` +
    (r.late > 0 ? `; ${r.late} deliveries and acks came after the ${SETTLE_MS / 1000} s settle time (late, not lost)` : "") +
    (r.dropped > 0 ? `; ${r.dropped} sockets dropped (a server reload?)` : "") +
    (r.batched > 0 ? `; ${r.batched} (${((100 * r.batched) / Math.max(1, r.deliveries)).toFixed(1)}%) in batches` : "") +
    `\n         send→ack p50 ${ms(p(r.ack, 50))} p99 ${ms(p(r.ack, 99))}; send→last recv p50 ${ms(p(r.last, 50))} p99 ${ms(p(r.last, 99))}; any receiver p99 ${ms(p(r.any, 99))}\n` +
    `         server CPU per message ${cpuText(m)}\n` +
    `         client: busiest thread ${(r.clientUtilisation * 100).toFixed(0)}% busy, loop delay p99 ${ms(r.clientLoopDelayP99)}, send slip p99 ${ms(p(r.sendSlip, 99))}` +
    (r.clientUtilisation > SATURATED ? "  ← CLIENT SATURATED" : "")
  );
}

function versus(label: string, app: number, floor: number): string {
  return `${label} ${ms(app)} vs floor ${ms(floor)} → ${ratio(app, floor)}`;
}

/**
 * Each round's last p99 beside the floor's round of the same turn, and the median of their ratios:
 * one stall more or less moves a pooled p99 by more than the gap it measures, so this says whether
 * a gap holds round after round or comes from one round.
 */
function pairedRounds(app: number[], floor: number[]): string {
  const ratios = app.map((a, i) => a / floor[i]!);
  const rounds = app.map((a, i) => `${a.toFixed(1)}/${floor[i]!.toFixed(1)}`).join(", ");
  return `last p99 per round, app/floor (ms): ${rounds}; median of the rounds' ratios ${median(ratios).toFixed(2)}×`;
}

function printSummary(rows: Row[], loadBefore: string): void {
  console.log(
    `\nChat benchmark, ${AA ? "floor / floor (A/A)" : "app / floor"}${process.env.BENCH_JOBS_APART === "1" ? " (the app's queue consumer in a workerd of its own)" : ""}, ${REPEATS} rounds each (${machineLine(loadBefore, load())})`,
  );
  console.log("clients | msg/s | ack p50 | ack p99 | last p50 | last p99 | last p99 ratio | CPU/msg | exactly once | client threads, busiest");
  for (const { s, app, floor } of rows) {
    const pair = (f: (r: RoundStats) => number) => `${f(app.stats).toFixed(1)} / ${f(floor.stats).toFixed(1)} ms`;
    const cpu = (m: Measured) => (m.cpu ? (m.cpu.worker + m.cpu.proxy).toFixed(1) : "n/a");
    console.log(
      [
        s.clients,
        s.rate,
        pair((r) => p(r.ack, 50)),
        pair((r) => p(r.ack, 99)),
        pair((r) => p(r.last, 50)),
        pair((r) => p(r.last, 99)),
        ratio(p(app.stats.last, 99), p(floor.stats.last, 99)),
        `${cpu(app)} / ${cpu(floor)} ms`,
        `${exactlyOnce(app.stats) ? "yes" : "NO"} / ${exactlyOnce(floor.stats) ? "yes" : "NO"}`,
        `${threadsFor(s.clients)}, ${(app.stats.clientUtilisation * 100).toFixed(0)}% / ${(floor.stats.clientUtilisation * 100).toFixed(0)}%`,
      ].join(" | "),
    );
  }
}

/** The chat scenarios against a running app seeded with `benchSeedSql()`; the floor is started here. */
export async function runChatBench(base: string): Promise<void> {
  const loadBefore = load();
  // The app's sandbox host and speech service take the next two ports (scripts/start.ts).
  const floorPort = Number(process.env.BENCH_FLOOR_PORT ?? Number(new URL(base).port) + 3);
  console.log(`\nStarting the floor (bench/floor) on port ${floorPort}…`);
  const floor = await launchFloor(floorPort);
  let twin: RunningFloor | null = null;
  const rows: Row[] = [];
  try {
    if (AA) {
      twin = await launchFloor(floorPort + 1);
      console.log(
        `A/A run: a second floor (port ${floorPort + 1}) takes the app's place; every "app" figure below is that floor's (GC lines name servers by port; "GC, app" is the idle app)`,
      );
    }
    for (const s of SCENARIOS.filter((x) => ONLY === null || x.clients === ONLY)) {
      console.log(`\n▶ ${s.clients} clients, ${s.rate} messages/s for ${s.seconds} s, ${REPEATS} rounds each (${threadsFor(s.clients)} client threads each)`);
      resetGcTallies();
      const measured = await runScenario(
        [
          { name: "app", base: twin?.url ?? base },
          { name: "floor", base: floor.url },
        ],
        s,
        REPEATS,
      );
      const app = measured.get("app")!;
      const floorRun = measured.get("floor")!;
      console.log(`${describe("app", app)}\n${describe("floor", floorRun)}`);
      const [a, f] = [app.stats, floorRun.stats];
      console.log(
        `  ${versus("ack p99", p(a.ack, 99), p(f.ack, 99))}; ${versus("last p50", p(a.last, 50), p(f.last, 50))}; ${versus("last p99", p(a.last, 99), p(f.last, 99))}`,
      );
      console.log(`  ${pairedRounds(app.roundLastP99, floorRun.roundLastP99)}`);
      for (const line of gcReport()) console.log(line);
      if (s.clients === TARGET_CLIENTS) {
        const met = p(a.last, 99) <= TARGET_FACTOR * p(f.last, 99);
        console.log(`  target: last p99 ≤ ${TARGET_FACTOR}× the floor → ${met ? "met" : "MISSED"}`);
      }
      rows.push({ s, app, floor: floorRun });
    }
  } finally {
    await floor.stop();
    await twin?.stop();
  }
  printSummary(rows, loadBefore);
}
