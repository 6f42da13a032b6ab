import type { Protocol } from "./fake-llm-wire";

/** A tool result the request carried back to the model, in the order it appears. */
export interface RecordedToolResult {
  toolCallId: string;
  /** The tool's name, looked up from the assistant turn that made the call. */
  name?: string;
  content: string;
}

/** What the fake saw in one request; `GET /__requests` returns the list. */
export interface RecordedRequest {
  protocol: Protocol;
  model: string;
  stream: boolean;
  system: string;
  /** The latest user message that is not only tool results. */
  lastUser: string;
  hasToolResult: boolean;
  /** The first tool turn's text (kept for the `[tool]` directive's answer). */
  toolResult: string;
  /** Every tool result in the request. */
  toolResults: RecordedToolResult[];
  /** How many tool calls the request's assistant turns made, in all. */
  assistantToolCalls: number;
  /** Assistant turns with tool calls since the latest plain user message: the script step to play. */
  toolRounds: number;
  receivedAt: number;
  firstByteAt: number | null;
  /** When the fake ended its response (null while it is still streaming, or for a reply that hangs). */
  finishedAt: number | null;
}

interface ChatTurn {
  role: string;
  content: unknown;
  tool_calls?: unknown;
  tool_call_id?: unknown;
  name?: unknown;
}
type Block = Record<string, unknown> & { type?: unknown };

export function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content))
    return content
      .map((p) =>
        typeof p === "object" && p && "text" in p
          ? String((p as { text: unknown }).text)
          : typeof p === "object" && p && "content" in p
            ? textOf((p as { content: unknown }).content)
            : "",
      )
      .join("");
  return "";
}

const blocksOf = (content: unknown): Block[] => (Array.isArray(content) ? content.filter((b): b is Block => typeof b === "object" && b !== null) : []);

/** Anthropic carries tool results in user turns; a user turn with anything else in it was typed by a person. */
function isPlainUser(protocol: Protocol, turn: ChatTurn): boolean {
  if (turn.role !== "user") return false;
  return protocol === "openai" || !Array.isArray(turn.content) || blocksOf(turn.content).some((b) => b.type !== "tool_result");
}

/** The calls an assistant turn made, as id and tool name. */
function callsOf(protocol: Protocol, turn: ChatTurn): { id: string; name: string }[] {
  if (turn.role !== "assistant") return [];
  if (protocol === "openai")
    return blocksOf(turn.tool_calls).map((c) => ({ id: String(c.id ?? ""), name: String((c.function as { name?: unknown } | undefined)?.name ?? "") }));
  return blocksOf(turn.content)
    .filter((b) => b.type === "tool_use")
    .map((b) => ({ id: String(b.id ?? ""), name: String(b.name ?? "") }));
}

function resultsOf(protocol: Protocol, turn: ChatTurn): { toolCallId: string; content: string; name?: string }[] {
  if (protocol === "openai")
    return turn.role === "tool"
      ? [{ toolCallId: String(turn.tool_call_id ?? ""), content: textOf(turn.content), ...(typeof turn.name === "string" ? { name: turn.name } : {}) }]
      : [];
  if (turn.role !== "user") return [];
  return blocksOf(turn.content)
    .filter((b) => b.type === "tool_result")
    .map((b) => ({ toolCallId: String(b.tool_use_id ?? ""), content: textOf(b.content) }));
}

export function record(protocol: Protocol, body: Record<string, unknown>): RecordedRequest {
  const messages = (Array.isArray(body.messages) ? body.messages : []).filter((m): m is ChatTurn => typeof m === "object" && m !== null) as ChatTurn[];
  const systemTurns = messages.filter((m) => m.role === "system").map((m) => textOf(m.content));
  const system = protocol === "anthropic" ? textOf(body.system) : systemTurns.join("\n");
  const users = messages.filter((m) => m.role === "user");
  const toolTurn =
    protocol === "openai"
      ? messages.find((m) => m.role === "tool")
      : users.find((m) => Array.isArray(m.content) && (m.content as { type?: string }[]).some((p) => p.type === "tool_result"));

  const names = new Map<string, string>();
  let assistantToolCalls = 0;
  for (const turn of messages)
    for (const call of callsOf(protocol, turn)) {
      names.set(call.id, call.name);
      assistantToolCalls += 1;
    }
  const toolResults: RecordedToolResult[] = messages.flatMap((turn) =>
    resultsOf(protocol, turn).map((r) => {
      const name = r.name ?? names.get(r.toolCallId);
      return { toolCallId: r.toolCallId, ...(name ? { name } : {}), content: r.content };
    }),
  );
  let plainAt = messages.length - 1;
  while (plainAt >= 0 && !isPlainUser(protocol, messages[plainAt]!)) plainAt -= 1;
  const plainUser = plainAt >= 0 ? messages[plainAt] : undefined;
  const lastUser =
    plainUser === undefined
      ? ""
      : textOf(Array.isArray(plainUser.content) ? blocksOf(plainUser.content).filter((b) => b.type !== "tool_result") : plainUser.content);
  const toolRounds = messages.slice(plainAt + 1).filter((m) => callsOf(protocol, m).length > 0).length;

  return {
    protocol,
    model: String(body.model ?? ""),
    stream: body.stream === true,
    system,
    lastUser,
    hasToolResult: Boolean(toolTurn),
    toolResult: toolTurn ? textOf(toolTurn.content) : "",
    toolResults,
    assistantToolCalls,
    toolRounds,
    receivedAt: Date.now(),
    firstByteAt: null,
    finishedAt: null,
  };
}
