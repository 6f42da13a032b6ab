// Workspace part of `npm run bench`: everything goes through the Worker's proxy to the sandbox host,
// as a browser's calls do. File open latency (GET file-content), terminal keystroke echo latency
// over the proxied WebSocket, and listing a 10,000-file tree folder by folder.
import WebSocket from "ws";
import { benchToken } from "./seed.ts";
import { ms, percentile } from "./stats.ts";

const FILES = 200;
const OPENS = 400;
const KEYSTROKES = 300;
const TREE_FOLDERS = 100;
const TREE_FILES_PER_FOLDER = 100;

export function client(base: string) {
  const headers = { authorization: `Bearer ${benchToken(0)}`, origin: base, "content-type": "application/json" };
  return async (path: string, init: { method?: string; body?: unknown } = {}) => {
    const res = await fetch(`${base}${path}`, {
      method: init.method ?? (init.body ? "POST" : "GET"),
      headers,
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    const json = (await res.json().catch(() => null)) as { data?: any; message?: string } | null;
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${json?.message ?? ""}`);
    return json?.data;
  };
}

async function timed<T>(fn: () => Promise<T>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

/** A terminal through the Worker; `type(ch)` resolves when the shell echoes it back. */
async function terminal(base: string, projectId: string) {
  const ws = new WebSocket(`${base.replace("http", "ws")}/api/coding-projects/${projectId}/terminal?token=${benchToken(0)}`, {
    headers: { origin: base },
    perMessageDeflate: false,
  });
  let output = "";
  let other = "";
  let waiter: { text: string; resolve: () => void } | null = null;
  ws.on("message", (data) => {
    const frame = JSON.parse(data.toString()) as { type: string; data?: string };
    if (frame.type !== "output") {
      other += `${data.toString()}\n`;
      return;
    }
    output += frame.data ?? "";
    if (waiter && output.includes(waiter.text)) {
      const w = waiter;
      waiter = null;
      w.resolve();
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  const waitFor = (text: string, timeoutMs = 30_000) =>
    new Promise<void>((resolve, reject) => {
      if (output.includes(text)) return resolve();
      const timer = setTimeout(
        () => reject(new Error(`terminal never printed ${JSON.stringify(text)}; output ${JSON.stringify(output.slice(-300))}; frames ${other.slice(-300)}`)),
        timeoutMs,
      );
      waiter = { text, resolve: () => (clearTimeout(timer), resolve()) };
    });
  ws.send(JSON.stringify({ type: "init", cols: 120, rows: 40 }));
  return {
    async run(command: string, marker: string, timeoutMs?: number) {
      output = "";
      // Ctrl+U first drops anything typed before; the shell computes the marker's suffix, so the
      // echo of the typed line never matches it.
      ws.send(JSON.stringify({ type: "input", data: `\x15${command ? `${command}; ` : ""}echo ${marker}_$((6*7))\r` }));
      await waitFor(`${marker}_42`, timeoutMs);
    },
    async type(ch: string) {
      output = "";
      const echoed = waitFor(ch);
      ws.send(JSON.stringify({ type: "input", data: ch }));
      await echoed;
    },
    close: () => ws.close(),
  };
}

export async function runWorkspaceBench(base: string): Promise<void> {
  const api = client(base);
  const { project } = await api("/api/coding-projects", { body: { name: `Bench project ${Date.now() % 100000}`, description: "benchmark" } });
  const id = project.id as string;
  const file = (p: string) => `/api/coding-projects/${id}/file-content?filePath=${encodeURIComponent(p)}`;

  console.log(`\n▶ Workspace: open ${OPENS} times among ${FILES} files (~4 KB each) through the Worker`);
  const body = "export const line = 'lorem ipsum dolor sit amet';\n".repeat(80);
  for (let i = 0; i < FILES; i += 1) await api(file(`src/file${i}.ts`), { body: { file_content: body } });
  for (let i = 0; i < 20; i += 1) await api(file(`src/file${i}.ts`)); // warm-up
  const opens: number[] = [];
  for (let i = 0; i < OPENS; i += 1) opens.push(await timed(() => api(file(`src/file${i % FILES}.ts`))));
  console.log(`  file open                 p50 ${ms(percentile(opens, 50))}  p99 ${ms(percentile(opens, 99))}`);

  const term = await terminal(base, id);
  await term.run("cd ~ && stty -ixon", "READY1");
  for (let i = 0; i < 20; i += 1) await term.type("a"); // warm-up
  await term.run("", "READY2");
  const echoes: number[] = [];
  for (let i = 0; i < KEYSTROKES; i += 1) {
    const ch = String.fromCharCode(97 + (i % 26));
    echoes.push(await timed(() => term.type(ch)));
    if (i % 50 === 49) await term.run("", `CLR${i}`);
  }
  console.log(`  terminal keystroke echo   p50 ${ms(percentile(echoes, 50))}  p99 ${ms(percentile(echoes, 99))}`);

  await term.run(
    `mkdir -p tree && cd tree && for d in $(seq 1 ${TREE_FOLDERS}); do mkdir -p d$d; (cd d$d && touch $(seq -f 'f%g.txt' 1 ${TREE_FILES_PER_FOLDER})); done && cd ~`,
    "TREE_DONE",
    120_000,
  );
  term.close();
  const tree = (p: string) => api(`/api/coding-projects/${id}/file-tree-lazy?parent_path=${encodeURIComponent(p)}`);
  const perFolder: number[] = [];
  let files = 0;
  const started = performance.now();
  const root = await tree("tree");
  for (const folder of root.children as { path: string }[]) {
    const t0 = performance.now();
    const listed = await tree(folder.path);
    perFolder.push(performance.now() - t0);
    files += listed.children.length;
  }
  const total = performance.now() - started;
  console.log(
    `  ${files.toLocaleString("en")}-file tree, ${root.children.length} folders one by one: ${ms(total)} total; per folder p50 ${ms(percentile(perFolder, 50))}  p99 ${ms(percentile(perFolder, 99))}`,
  );
}
