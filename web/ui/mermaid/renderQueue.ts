import type { RenderOutcome } from "./state";

// Diagrams render one at a time, with a pause for the browser between them, so a chat full of
// diagrams never freezes the list; each text renders once (the list remounts rows as it scrolls).

/** Rendered diagrams kept, least recently used dropped first. */
const CACHE_SIZE = 100;

const done = new Map<string, RenderOutcome>();
const running = new Map<string, Promise<RenderOutcome>>();
/** Syntax errors the user has seen once: shown again without the delay. */
const shownErrors = new WeakSet<RenderOutcome>();
let queue: Promise<unknown> = Promise.resolve();
let engine: Promise<typeof import("./engine")> | null = null;

function loadEngine() {
  engine ??= import("./engine").catch((error: unknown) => {
    engine = null; // offline: the next diagram (or Retry) downloads it again
    throw error;
  });
  return engine;
}

/** One frame for input and painting between two diagrams. */
const breathe = () => new Promise<void>((resolve) => setTimeout(resolve, 16));

function remember(source: string, outcome: RenderOutcome): void {
  done.delete(source);
  done.set(source, outcome);
  if (done.size > CACHE_SIZE) done.delete(done.keys().next().value!);
}

/** The finished outcome for a text, if it was rendered before. */
export function cachedDiagram(source: string): RenderOutcome | null {
  const hit = done.get(source);
  if (hit) remember(source, hit);
  return hit ?? null;
}

async function renderNow(source: string): Promise<RenderOutcome> {
  await breathe();
  let module: typeof import("./engine");
  try {
    module = await loadEngine();
  } catch (error) {
    return { ok: false, reason: "load", message: error instanceof Error ? error.message : String(error) };
  }
  return module.renderMermaid(source);
}

/** Renders a diagram's text after the ones asked for before it; the same text is rendered once. */
export function renderDiagram(source: string): Promise<RenderOutcome> {
  const hit = cachedDiagram(source);
  if (hit) return Promise.resolve(hit);
  const pending = running.get(source);
  if (pending) return pending;
  const job = queue.then(() => renderNow(source));
  queue = job;
  running.set(source, job);
  void job.then((outcome) => {
    running.delete(source);
    // A failed download is not the text's fault: it is tried again next time.
    if (outcome.ok || outcome.reason === "syntax") remember(source, outcome);
  });
  return job;
}

export function errorWasShown(outcome: RenderOutcome): boolean {
  return shownErrors.has(outcome);
}

export function markErrorShown(outcome: RenderOutcome): void {
  shownErrors.add(outcome);
}
