/**
 * The `[script:<base64url JSON>]` directive of the fake model: a test writes the whole tool-call
 * conversation up front and the fake plays step N, where N is how many tool rounds already happened
 * since the latest plain user message. No Node imports: worker tests (workerd) build directives too.
 */

export interface ScriptTool {
  name: string;
  input?: Record<string, unknown>;
}

/** One model turn. `slowMs` delays every streamed chunk of that turn (pause tests). */
export type ScriptStep = { slowMs?: number } & (
  { text: string } | { tools: ScriptTool[]; text?: string } | { echoTool: true } | { repeatTool: ScriptTool; times: number }
);

/** What the fake plays for one turn, once `repeatTool` is expanded. */
export type PlayedStep = { slowMs: number } & (
  { kind: "text"; text: string } | { kind: "tools"; text: string; tools: Required<ScriptTool>[] } | { kind: "echoTool" }
);

/** The text answered once the script has no step left. */
export const SCRIPT_DONE_TEXT = "Done.";
/** How much of the last tool result an `echoTool` step quotes. */
export const ECHO_TOOL_CHARS = 500;
const MAX_REPEAT = 1000;
const DIRECTIVE = /\[script:([A-Za-z0-9_-]*)\]/;

function toBase64Url(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(encoded: string): string {
  const binary = atob(encoded.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The directive to put in a user message so the fake plays `steps`. */
export function scriptDirective(steps: ScriptStep[]): string {
  return `[script:${toBase64Url(JSON.stringify(steps))}]`;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function readTool(raw: unknown, where: string): Required<ScriptTool> {
  if (!isRecord(raw) || typeof raw.name !== "string" || !raw.name) throw new Error(`${where}: a tool needs a non-empty "name"`);
  if (raw.input !== undefined && !isRecord(raw.input)) throw new Error(`${where}: a tool's "input" must be an object`);
  return { name: raw.name, input: raw.input ?? {} };
}

function readSteps(raw: unknown): PlayedStep[] {
  if (!Array.isArray(raw)) throw new Error("the script must be a JSON array of steps");
  const played: PlayedStep[] = [];
  raw.forEach((step: unknown, index) => {
    const where = `step ${index}`;
    if (!isRecord(step)) throw new Error(`${where}: must be an object`);
    const slowMs = step.slowMs === undefined ? 0 : Number(step.slowMs);
    if (!Number.isFinite(slowMs) || slowMs < 0) throw new Error(`${where}: "slowMs" must be a number of milliseconds`);
    if (step.text !== undefined && typeof step.text !== "string") throw new Error(`${where}: "text" must be a string`);
    const text = step.text ?? "";
    if (step.repeatTool !== undefined) {
      const times = Number(step.times);
      if (!Number.isInteger(times) || times < 1 || times > MAX_REPEAT) throw new Error(`${where}: "times" must be a whole number from 1 to ${MAX_REPEAT}`);
      const tool = readTool(step.repeatTool, where);
      for (let i = 0; i < times; i += 1) played.push({ kind: "tools", text: "", tools: [tool], slowMs });
    } else if (step.tools !== undefined) {
      if (!Array.isArray(step.tools) || step.tools.length === 0) throw new Error(`${where}: "tools" must be a non-empty array`);
      played.push({ kind: "tools", text, tools: step.tools.map((t) => readTool(t, where)), slowMs });
    } else if (step.echoTool === true) played.push({ kind: "echoTool", slowMs });
    else if (step.text !== undefined) played.push({ kind: "text", text, slowMs });
    else throw new Error(`${where}: needs "text", "tools", "echoTool" or "repeatTool"`);
  });
  return played;
}

/**
 * The script in `text`, expanded, or null when there is no directive. A directive that does not
 * decode throws, so a broken test fails loudly instead of getting an echo.
 */
export function parseScript(text: string): PlayedStep[] | null {
  const match = DIRECTIVE.exec(text);
  if (!match) return null;
  let json: unknown;
  try {
    json = JSON.parse(fromBase64Url(match[1] ?? ""));
  } catch {
    throw new Error("the script directive is not base64url-encoded JSON");
  }
  return readSteps(json);
}
