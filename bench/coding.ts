// Coding-agent part of `npm run bench`: what the product adds around each of the agent's tool calls
// in a project chat. The scripted fake model (tests/fakes/fake-llm.ts) runs in this process and logs
// when each model request arrived and when its response ended, so the gap between the end of a
// response that asked for a tool and the arrival of the next request is everything in between:
// the room parsing the call, checkpoints, the tool card, the Worker → sandbox host call, and
// building the next request.
import type { ToolCardDetails } from "../contract/coding-agent.ts";
import { scriptDirective, type ScriptStep } from "../tests/fakes/fake-llm-script.ts";
import type { FakeLlm, RecordedRequest } from "../tests/fakes/fake-llm.ts";
import type WebSocket from "ws";
import { connect } from "./chat.ts";
import { ms, percentile } from "./stats.ts";
import { client } from "./workspace.ts";

/** Runs of back-to-back read_file calls; each stays under the agent's default limit of 40 steps. */
const READ_RUNS = 6;
const READS_PER_RUN = 30;
const TASK_RUNS = 8;
const TARGET_P99_MS = 50;
const RUN_TIMEOUT_MS = 120_000;

interface Seen {
  at: number;
  frame: any;
}

interface RunResult {
  requests: RecordedRequest[];
  wallMs: number;
  /** Final state of every tool card of the run. */
  cards: ToolCardDetails[];
}

/** Tool rounds of a 20-step task as an agent would do it: plan, look around, edit, check, commit. */
function taskSteps(rep: number): ScriptStep[] {
  const todos = (statuses: string[]) => ({
    items: ["Look around", "Add the helper", "Commit"].map((description, i) => ({ id: String(i + 1), description, status: statuses[i] })),
  });
  const tool = (name: string, input: Record<string, unknown> = {}): ScriptStep => ({ tools: [{ name, input }] });
  return [
    tool("update_todos", todos(["in_progress", "pending", "pending"])),
    tool("list_files", { path: "" }),
    tool("read_file", { path: "README.md" }),
    tool("search_files", { query: "bench" }),
    tool("write_file", { path: "src/answer.ts", content: `// repetition ${rep}\nexport const answer = 41;\n` }),
    tool("read_file", { path: "src/answer.ts" }),
    tool("edit_file", { path: "src/answer.ts", old_text: "41", new_text: "42" }),
    tool("git_status"),
    tool("git_diff", { path: "src/answer.ts" }),
    tool("update_todos", todos(["completed", "in_progress", "pending"])),
    tool("write_file", { path: "src/helper.ts", content: `export function helper${rep}(n: number): number {\n  return n + 1;\n}\n` }),
    tool("read_file", { path: "src/helper.ts" }),
    tool("edit_file", { path: "src/helper.ts", old_text: "n + 1", new_text: "n + 2" }),
    tool("search_files", { query: "helper" }),
    tool("list_files", { path: "src" }),
    tool("git_diff"),
    tool("update_todos", todos(["completed", "completed", "in_progress"])),
    tool("git_commit", { message: `Bench task ${rep}` }),
    tool("git_status"),
    tool("update_todos", todos(["completed", "completed", "completed"])),
    { text: "All done: the answer is 42 and the helper is committed." },
  ];
}

function cardOf(frame: any): { id: string; details: ToolCardDetails } | null {
  if (frame.type !== "message" && frame.type !== "message_updated") return null;
  if (frame.message?.messageType !== "status_update") return null;
  try {
    const details = JSON.parse(frame.message.content)?.content?.details as ToolCardDetails | undefined;
    return details?.tool ? { id: frame.message.id as string, details } : null;
  } catch {
    return null;
  }
}

async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 5));
  }
  return true;
}

/**
 * `wrangler dev` reloads the Worker when a source file changes, which restarts the room and drops
 * its sockets (1006). A run cut that way says nothing about the product's speed: it is retried.
 */
const RELOAD_RETRIES = 5;

/** Retries a setup call while the dev server is reloading (503, refused connections). */
async function settled<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= 30) throw err;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

/** A project of the benchmark owner with the owner's socket on its chat; runs go one after another. */
async function projectChat(base: string) {
  const api = client(base);
  const { project, chatId } = await settled(() =>
    api("/api/coding-projects", { body: { name: `Coding bench ${Date.now() % 100000}`, description: "benchmark" } }),
  );
  const id = project.id as string;
  // Edits and commits go through without asking, so no run waits for a person.
  await settled(() => api(`/api/v2/coding-projects/${id}/agent-settings`, { method: "PUT", body: { approvalPolicy: "auto_edits" } }));
  await settled(() =>
    api(`/api/coding-projects/${id}/file-content?filePath=README.md`, { body: { file_content: "# Coding bench\n\nA project the benchmark agent reads.\n" } }),
  );
  const frames: Seen[] = [];
  let socket = { ws: null as WebSocket | null, closed: "" };
  const open = async () => {
    const state = { ws: null as WebSocket | null, closed: "" };
    const { ws } = await settled(() => connect(base, chatId as string, 0, (_client, frame) => frames.push({ at: Date.now(), frame })));
    ws.on("close", (code, reason) => (state.closed = `the socket closed (${code} ${reason.toString()})`));
    state.ws = ws;
    socket = state;
  };
  /** After a reload: a new socket, and the cut run (the room resumes it) left to finish. */
  const recover = async () => {
    const from = frames.length;
    await open();
    await until(() => frames.slice(from).some((s) => s.frame.type === "ready"), 30_000);
    const ready = frames.slice(from).find((s) => s.frame.type === "ready")?.frame;
    if (ready?.agentRuns?.length) await until(() => frames.slice(from).some((s) => s.frame.type === "chat_done"), RUN_TIMEOUT_MS);
  };
  await open();
  let reloads = 0;

  async function once(llm: FakeLlm, steps: ScriptStep[]): Promise<RunResult | null> {
    const fromRequest = llm.requests.length;
    const fromFrame = frames.length;
    const id = `msg_coding_${Date.now()}_${fromRequest}`;
    const current = socket;
    const started = Date.now();
    const text = `#${id} ${scriptDirective(steps)}`;
    current.ws!.send(JSON.stringify({ type: "chat_message", message_id: id, chat_type: 1, message_type: "user_request", data: { content: { text } } }));
    const ours = () => frames.slice(fromFrame);
    const done = await until(() => current.closed !== "" || ours().some((s) => s.frame.type === "chat_done"), RUN_TIMEOUT_MS);
    if (current.closed) return null;
    const ack = ours().find((s) => s.frame.type === "chat_ack" && s.frame.message_id === id)?.frame;
    if (ack && !ack.success) throw new Error(`the coding request was refused: ${ack.error}`);
    if (!done) {
      const last = ours()
        .slice(-5)
        .map((s) => JSON.stringify(s.frame).slice(0, 400));
      throw new Error(
        `the coding run did not finish in ${RUN_TIMEOUT_MS / 1000} s; the model was called ${llm.requests.length - fromRequest} times; last frames:\n${last.join("\n")}`,
      );
    }
    const wallMs = ours().find((s) => s.frame.type === "chat_done")!.at - started;
    const cards = new Map<string, ToolCardDetails>();
    for (const s of ours()) {
      const card = cardOf(s.frame);
      if (card) cards.set(card.id, card.details);
    }
    const alerts = ours().filter((s) => s.frame.type === "message" && s.frame.message?.messageType === "system_alert");
    if (alerts.length) throw new Error(`the coding run raised an alert: ${alerts.map((s) => s.frame.message.content).join(" | ")}`);
    return { requests: llm.requests.slice(fromRequest), wallMs, cards: [...cards.values()] };
  }

  return {
    async run(llm: FakeLlm, steps: ScriptStep[]): Promise<RunResult> {
      for (;;) {
        const result = await once(llm, steps);
        if (result) return result;
        reloads += 1;
        if (reloads > RELOAD_RETRIES) throw new Error(`the dev server reloaded ${reloads} times during the benchmark; run it when no sources change`);
        await recover();
      }
    },
    reloads: () => reloads,
    close: () => socket.ws?.close(1000, "bench done"),
  };
}

/** Response end → next request for each tool round of a run, checked to be consecutive rounds. */
function toolGaps(requests: RecordedRequest[]): number[] {
  const gaps: number[] = [];
  for (let k = 0; k + 1 < requests.length; k += 1) {
    const asked = requests[k]!;
    const next = requests[k + 1]!;
    if (next.toolRounds !== asked.toolRounds + 1 || asked.finishedAt === null) throw new Error(`model requests ${k} and ${k + 1} are not one tool round apart`);
    gaps.push(next.receivedAt - asked.finishedAt);
  }
  return gaps;
}

const modelTime = (requests: RecordedRequest[]) => requests.reduce((sum, r) => sum + ((r.finishedAt ?? r.receivedAt) - r.receivedAt), 0);

function failed(cards: ToolCardDetails[]): string[] {
  return cards.filter((c) => c.status !== "done").map((c) => `${c.tool} ${c.args}: ${c.status} ${c.result ?? ""}`);
}

export async function runCodingBench(base: string, llm: FakeLlm): Promise<void> {
  const chat = await projectChat(base);
  const run = chat.run;
  const reads = (times: number): ScriptStep[] => [{ repeatTool: { name: "read_file", input: { path: "README.md" } }, times }, { text: "Read it." }];
  // Warm-up: the room, the provider client, the sandbox workspace and the JIT.
  await run(llm, reads(5));
  await run(llm, taskSteps(0));

  console.log(`\n▶ Coding agent: ${READ_RUNS} runs × ${READS_PER_RUN} read_file calls in a project chat`);
  const gaps: number[] = [];
  const tool: number[] = [];
  const room: number[] = [];
  for (let r = 0; r < READ_RUNS; r += 1) {
    const result = await run(llm, reads(READS_PER_RUN));
    if (result.requests.length !== READS_PER_RUN + 1) throw new Error(`expected ${READS_PER_RUN + 1} model calls, the fake saw ${result.requests.length}`);
    const bad = failed(result.cards);
    if (bad.length) throw new Error(`tool calls failed: ${bad.join("; ")}`);
    const runGaps = toolGaps(result.requests);
    gaps.push(...runGaps);
    // Cards come in call order, one per read_file, so the i-th card belongs to the i-th gap.
    result.cards.forEach((card, i) => {
      if (card.durationMs === null || runGaps[i] === undefined) return;
      tool.push(card.durationMs);
      room.push(runGaps[i] - card.durationMs);
    });
  }
  const p99 = percentile(gaps, 99);
  const line = (values: number[]) => `p50 ${ms(percentile(values, 50))}  p95 ${ms(percentile(values, 95))}  p99 ${ms(percentile(values, 99))}`;
  console.log(`  tool round trip (model's call ends → next model request), ${gaps.length} calls   ${line(gaps)}`);
  console.log(`  of which the tool call (room → sandbox host → room, the card's time)   ${line(tool)}`);
  console.log(`  and the rest (stream end, checkpoints, card, next request)   ${line(room)}`);
  console.log(`  target: overhead p99 < ${TARGET_P99_MS} ms a tool — ${p99 < TARGET_P99_MS ? "met" : "NOT met"} (${ms(p99)})`);

  const steps = taskSteps(1).length - 1;
  console.log(`\n▶ Coding agent: a ${steps}-step scripted task (todos, list, read, search, write, edit, diff, commit), ${TASK_RUNS} repetitions`);
  const overhead: number[] = [];
  const walls: number[] = [];
  const models: number[] = [];
  const byTool = new Map<string, number[]>();
  for (let r = 1; r <= TASK_RUNS; r += 1) {
    const result = await run(llm, taskSteps(r));
    if (result.requests.length !== steps + 1) throw new Error(`expected ${steps + 1} model calls, the fake saw ${result.requests.length}`);
    const bad = failed(result.cards);
    if (bad.length) throw new Error(`tool calls failed: ${bad.join("; ")}`);
    for (const card of result.cards) if (card.durationMs !== null) byTool.set(card.tool, [...(byTool.get(card.tool) ?? []), card.durationMs]);
    const model = modelTime(result.requests);
    walls.push(result.wallMs);
    models.push(model);
    overhead.push(result.wallMs - model);
  }
  console.log(`  wall time (request sent → chat_done)   median ${ms(percentile(walls, 50))}  p95 ${ms(percentile(walls, 95))}`);
  console.log(`  model time (sum of the fake's responses)   median ${ms(percentile(models, 50))}  p95 ${ms(percentile(models, 95))}`);
  console.log(
    `  wall minus model time   median ${ms(percentile(overhead, 50))}  p95 ${ms(percentile(overhead, 95))}  (per step: median ${ms(percentile(overhead, 50) / steps)})`,
  );
  const kinds = [...byTool].map(([name, values]) => `${name} ${ms(percentile(values, 50))}`).join(", ");
  console.log(`  tool call time by tool (card, median): ${kinds}`);
  if (chat.reloads()) console.log(`  (${chat.reloads()} run(s) cut by a dev-server reload were run again)`);
  chat.close();
}
