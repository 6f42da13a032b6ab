// The scripted fake model drives the coding agent's tool loops in the worker, e2e and benchmark runs.
// These tests talk to it with the same AI SDK clients the product uses, over both protocols, so a
// script that passes here is one the real agent can follow.
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { jsonSchema, streamText, tool, type LanguageModel, type ModelMessage, type ToolSet } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANALYSIS_ANSWER } from "../fakes/fake-llm-analysis";
import { scriptDirective, startFakeLlm, startFakeLlmThread, type FakeLlm, type ScriptStep } from "../fakes/fake-llm";

let fake: FakeLlm;
beforeAll(async () => {
  fake = await startFakeLlm();
});
afterAll(async () => {
  await fake.close();
});

const pathInput = jsonSchema<{ path: string }>({ type: "object", properties: { path: { type: "string" } }, required: ["path"], additionalProperties: false });
// No `execute`: the test plays the agent and answers each call itself.
const tools: ToolSet = {
  read_file: tool({ description: "Read a file", inputSchema: pathInput }),
  list_files: tool({ description: "List a folder", inputSchema: pathInput }),
  search_knowledge: tool({
    description: "Search knowledge",
    inputSchema: jsonSchema<{ query: string }>({ type: "object", properties: { query: { type: "string" } } }),
  }),
  run_command: tool({
    description: "Run a command",
    inputSchema: jsonSchema<{ command: string }>({ type: "object", properties: { command: { type: "string" } } }),
  }),
};

const PROTOCOLS: { protocol: "openai" | "anthropic"; ids: string; model: () => LanguageModel }[] = [
  {
    protocol: "openai",
    ids: "call",
    model: () => createOpenAICompatible({ name: "openai-compatible", baseURL: `${fake.url}/v1`, apiKey: "test", includeUsage: true })("fake-model"),
  },
  { protocol: "anthropic", ids: "toolu", model: () => createAnthropic({ apiKey: "test", baseURL: `${fake.url}/v1` })("claude-fake") },
];

interface Turn {
  text: string;
  deltas: number;
  finishReason: string;
  calls: { toolCallId: string; toolName: string; input: unknown }[];
}

describe.each(PROTOCOLS)("scripted tool rounds over $protocol", ({ protocol, ids, model }) => {
  /** One model call as the agent makes it; the answer's messages are appended to `messages`. */
  async function turn(messages: ModelMessage[]): Promise<Turn> {
    const result = streamText({ model: model(), system: "You are a coding agent.", messages, tools, maxRetries: 0, maxOutputTokens: 1000 });
    let deltas = 0;
    for await (const delta of result.textStream) if (delta) deltas += 1;
    const calls = (await result.toolCalls).map((c) => ({ toolCallId: c.toolCallId, toolName: c.toolName, input: c.input }));
    messages.push(...(await result.responseMessages));
    return { text: await result.text, deltas, finishReason: await result.finishReason, calls };
  }

  function answer(messages: ModelMessage[], results: { toolCallId: string; toolName: string; value: string }[]): void {
    messages.push({
      role: "tool",
      content: results.map((r) => ({ type: "tool-result", toolCallId: r.toolCallId, toolName: r.toolName, output: { type: "text", value: r.value } })),
    });
  }

  const since = (from: number) => fake.requests.slice(from).filter((r) => r.protocol === protocol);

  it("plays two tool rounds then a final answer that quotes the last result, and records what came back", async () => {
    const steps: ScriptStep[] = [
      { text: "Let me look at the file.", tools: [{ name: "read_file", input: { path: "src/app.ts" } }] },
      { tools: [{ name: "run_command", input: { command: "npm test" } }] },
      { echoTool: true, slowMs: 2 },
    ];
    const messages: ModelMessage[] = [{ role: "user", content: `Fix the tests ${scriptDirective(steps)}` }];
    const from = fake.requests.length;

    const first = await turn(messages);
    expect(first).toMatchObject({ text: "Let me look at the file.", finishReason: "tool-calls" });
    expect(first.calls).toEqual([{ toolCallId: `${ids}_0_0`, toolName: "read_file", input: { path: "src/app.ts" } }]);
    answer(messages, [{ toolCallId: `${ids}_0_0`, toolName: "read_file", value: "export const answer = 41;" }]);

    const second = await turn(messages);
    expect(second).toMatchObject({ text: "", finishReason: "tool-calls" });
    expect(second.calls).toEqual([{ toolCallId: `${ids}_1_0`, toolName: "run_command", input: { command: "npm test" } }]);
    const longOutput = `FAIL app.test.ts: expected 42, got 41\n${"x".repeat(800)}`;
    answer(messages, [{ toolCallId: `${ids}_1_0`, toolName: "run_command", value: longOutput }]);

    const third = await turn(messages);
    expect(third.text).toBe(`Tool said: ${longOutput.slice(0, 500)}`);
    expect(third.finishReason).toBe("stop");
    expect(third.calls).toEqual([]);
    expect(third.deltas).toBeGreaterThan(1);

    const recorded = since(from);
    expect(recorded.map((r) => [r.toolRounds, r.assistantToolCalls])).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ]);
    expect(recorded[0]!.toolResults).toEqual([]);
    expect(recorded[1]!.toolResults).toEqual([{ toolCallId: `${ids}_0_0`, name: "read_file", content: "export const answer = 41;" }]);
    expect(recorded[2]!.toolResults).toEqual([
      { toolCallId: `${ids}_0_0`, name: "read_file", content: "export const answer = 41;" },
      { toolCallId: `${ids}_1_0`, name: "run_command", content: longOutput },
    ]);
    expect(recorded.every((r) => r.lastUser.startsWith("Fix the tests [script:"))).toBe(true);
    // The coding benchmark takes one response's end to the next request's arrival as the product's time.
    recorded.forEach((r, i) => {
      expect(r.finishedAt).not.toBeNull();
      expect(r.finishedAt!).toBeGreaterThanOrEqual(r.firstByteAt!);
      if (i > 0) expect(r.receivedAt).toBeGreaterThanOrEqual(recorded[i - 1]!.finishedAt!);
    });
    // The slow last answer streams many chunks 2 ms apart, so its end is after its first byte.
    expect(recorded[2]!.finishedAt!).toBeGreaterThan(recorded[2]!.firstByteAt!);
  });

  it("sends parallel calls of one step as two calls and records both results", async () => {
    const steps: ScriptStep[] = [
      {
        tools: [
          { name: "read_file", input: { path: "a.txt" } },
          { name: "list_files", input: { path: "docs" } },
        ],
      },
      { echoTool: true },
    ];
    const messages: ModelMessage[] = [{ role: "user", content: `Look around ${scriptDirective(steps)}` }];
    const from = fake.requests.length;

    const first = await turn(messages);
    expect(first.calls).toEqual([
      { toolCallId: `${ids}_0_0`, toolName: "read_file", input: { path: "a.txt" } },
      { toolCallId: `${ids}_0_1`, toolName: "list_files", input: { path: "docs" } },
    ]);
    answer(messages, [
      { toolCallId: `${ids}_0_0`, toolName: "read_file", value: "alpha" },
      { toolCallId: `${ids}_0_1`, toolName: "list_files", value: "guide.md\nintro.md" },
    ]);

    const second = await turn(messages);
    expect(second.text).toBe("Tool said: guide.md\nintro.md");
    expect(since(from)[1]!.toolResults).toEqual([
      { toolCallId: `${ids}_0_0`, name: "read_file", content: "alpha" },
      { toolCallId: `${ids}_0_1`, name: "list_files", content: "guide.md\nintro.md" },
    ]);
    expect(since(from)[1]!.assistantToolCalls).toBe(2);
  });

  it("repeats a tool K times, answers Done. past the end, and starts over at a new user message", async () => {
    const steps: ScriptStep[] = [{ repeatTool: { name: "list_files", input: { path: "." } }, times: 3 }];
    const messages: ModelMessage[] = [{ role: "user", content: `Walk the tree ${scriptDirective(steps)}` }];
    for (let round = 0; round < 3; round += 1) {
      const step = await turn(messages);
      expect(step.calls).toEqual([{ toolCallId: `${ids}_${round}_0`, toolName: "list_files", input: { path: "." } }]);
      answer(messages, [{ toolCallId: `${ids}_${round}_0`, toolName: "list_files", value: `listing ${round}` }]);
    }
    expect(await turn(messages)).toMatchObject({ text: "Done.", finishReason: "stop", calls: [] });

    messages.push({ role: "user", content: `Again ${scriptDirective([{ text: "Fresh start." }])}` });
    expect(await turn(messages)).toMatchObject({ text: "Fresh start.", calls: [] });
  });

  it("refuses a script that does not decode, naming the problem", async () => {
    const broken = scriptDirective([{ tools: [] } as unknown as ScriptStep]);
    const result = streamText({
      model: model(),
      messages: [{ role: "user", content: `Go ${broken}` }],
      tools,
      maxRetries: 0,
      maxOutputTokens: 1000,
      onError: () => {},
    });
    const errors: string[] = [];
    for await (const part of result.fullStream) if (part.type === "error") errors.push(String((part.error as Error).message));
    expect(errors).toEqual([expect.stringContaining('step 0: "tools" must be a non-empty array')]);
  });

  it("keeps the plain directives: an echo, and [tool] then its answer", async () => {
    expect(await turn([{ role: "user", content: "hello there" }])).toMatchObject({ text: "Echo: hello there", calls: [] });
    const messages: ModelMessage[] = [{ role: "user", content: "[tool] deploy steps" }];
    const first = await turn(messages);
    expect(first.calls).toEqual([{ toolCallId: `${ids}_fake_1`, toolName: "search_knowledge", input: { query: "deploy steps" } }]);
    answer(messages, [{ toolCallId: `${ids}_fake_1`, toolName: "search_knowledge", value: "Run the pipeline." }]);
    expect((await turn(messages)).text).toBe("Tool said: Run the pipeline.");
  });

  it("answers the file analysis JSON for a prompt naming an [analysis] file", async () => {
    const { text } = await turn([{ role: "user", content: "File: standup [analysis].wav\n\nSource:\nhello team" }]);
    const json = JSON.parse(/```json\n([\s\S]*)\n```/.exec(text)![1]!);
    expect(json).toEqual(ANALYSIS_ANSWER);
  });
});

describe("the fake in a worker thread (benchmarks)", () => {
  it("answers like the in-process fake and keeps the parent's copy of its log up to date", async () => {
    const threaded = await startFakeLlmThread();
    try {
      const model = createAnthropic({ apiKey: "test", baseURL: `${threaded.url}/v1` })("claude-fake");
      const result = streamText({ model, messages: [{ role: "user", content: "hello from the parent #tag1" }] });
      expect(await result.text).toBe("Echo: hello from the parent #tag1");
      await expect.poll(() => threaded.requests[0]?.finishedAt ?? null).not.toBeNull();
      const [rec] = threaded.requests;
      expect(rec!.lastUser).toBe("hello from the parent #tag1");
      expect(rec!.firstByteAt).toBeGreaterThanOrEqual(rec!.receivedAt);
      expect(rec!.finishedAt).toBeGreaterThanOrEqual(rec!.firstByteAt!);
    } finally {
      await threaded.close();
    }
  });
});
