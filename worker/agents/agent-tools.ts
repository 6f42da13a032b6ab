import type { ModelMessage, ToolSet } from "ai";
import { loadAgentSdk } from "../lazy";

/**
 * The tools an agent offers the model, in our own shape: a description, the JSON schema of the
 * input object, and for tools the model loop runs itself, `execute`. The HTTP protocols
 * (wire.ts) send the schema as it is; only the Workers AI path, which goes through the AI SDK,
 * turns them into the SDK's tools, and loads the SDK to do it. Building them with the SDK's
 * `tool()`/`jsonSchema()` at module level pulled the SDK and its providers' schemas into every
 * isolate at start, chat-only ones included, and made each full garbage collection longer.
 */
export interface ToolInputSchema {
  type: "object";
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
  additionalProperties?: boolean;
}

export interface ToolContext {
  toolCallId: string;
  messages: ModelMessage[];
  abortSignal: AbortSignal;
}

export interface AgentTool {
  description: string;
  inputSchema: ToolInputSchema;
  execute?: (input: Record<string, unknown>, context: ToolContext) => Promise<unknown>;
}

export type AgentTools = Record<string, AgentTool>;

/** The same tools as the AI SDK's ToolSet, for streamText (Workers AI). */
export async function sdkToolSet(tools: AgentTools | undefined): Promise<ToolSet | undefined> {
  if (!tools) return undefined;
  const { jsonSchema } = await loadAgentSdk();
  type Schema = Parameters<typeof jsonSchema>[0];
  // The SDK's tool() only types its argument; the object itself is the tool.
  const sdkTool = (t: AgentTool) =>
    ({
      description: t.description,
      inputSchema: jsonSchema<Record<string, unknown>>(t.inputSchema as Schema),
      ...(t.execute ? { execute: t.execute } : {}),
    }) as ToolSet[string];
  return Object.fromEntries(Object.entries(tools).map(([name, t]) => [name, sdkTool(t)]));
}
