import type { ExecutionMode, KnowledgeHit } from "../../contract";
import type { Env } from "../env";
import { searchKnowledge } from "../knowledge/retrieve";
import { PROVIDER_SETTINGS_HINT, resolveRoute } from "./models";
import { conversation, sourcesLine, systemPrompt, type AgentProfile, type TranscriptEntry } from "./prompt";
import { chatModel } from "./providers";
import { streamAnswer, type StreamOutcome } from "./stream";
import { chatTools } from "./tools";

export interface AnswerRequest {
  agent: AgentProfile;
  chatName: string;
  mode: ExecutionMode;
  model: string | undefined;
  question: string;
  transcript: TranscriptEntry[];
  signal: AbortSignal;
}

/** How a run reports progress to the room, which turns it into frames and stored messages. */
export interface AnswerSink {
  /** Passages were retrieved (up front or by the model's tool call). */
  onKnowledge(query: string, hits: KnowledgeHit[]): void;
  onText(delta: string): void;
}

export type AnswerOutcome = StreamOutcome | { status: "unavailable"; error: string };

const DEFAULT_IDLE_TIMEOUT_MS = 60_000;

/** One agent answer: retrieval, prompt, model call with tools, and the sources line. */
export async function answer(env: Env, req: AnswerRequest, sink: AnswerSink): Promise<AnswerOutcome> {
  const route = resolveRoute(env, req.model);
  if (!route) return { status: "unavailable", error: PROVIDER_SETTINGS_HINT };
  const search = (q: string) => searchKnowledge(env.DB, req.agent.id, q).catch(() => [] as KnowledgeHit[]);
  // Without an indexed file there is nothing to find: the model is asked at once.
  const hits = req.agent.hasKnowledge === false ? [] : await search(req.question);
  if (hits.length) sink.onKnowledge(req.question, hits);
  const cited = [...hits];
  const outcome = await streamAnswer({
    model: chatModel(env, route),
    system: systemPrompt(req.agent, req.chatName, req.mode, hits),
    messages: conversation(req.transcript),
    tools: chatTools(search, (query, found) => {
      cited.push(...found);
      sink.onKnowledge(query, found);
    }),
    signal: req.signal,
    idleTimeoutMs: Number(env.AGENT_IDLE_TIMEOUT_MS) || DEFAULT_IDLE_TIMEOUT_MS,
    onText: (d) => sink.onText(d),
  });
  if (outcome.status === "done" && cited.length) sink.onText(sourcesLine(cited));
  return outcome;
}
