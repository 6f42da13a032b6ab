import * as v from "valibot";

/** Strings the model writes, cut to a size the viewer can show (a longer answer is kept, not refused). */
const Text = (max: number) =>
  v.pipe(
    v.string(),
    v.transform((s) => s.slice(0, max)),
  );

const SAME_LANGUAGE = "Write in the language the source is written or spoken in.";
const JSON_ONLY = "Answer with one JSON object only, no other text.";

export const SummaryAnswer = v.object({
  title: Text(200),
  md: Text(20_000),
  md2: Text(40_000),
  keywords: v.optional(
    v.pipe(
      v.array(v.string()),
      v.transform((k) =>
        k
          .map((s) => s.trim().slice(0, 60))
          .filter(Boolean)
          .slice(0, 12),
      ),
    ),
    [],
  ),
});

export const SUMMARY_SYSTEM = [
  "You summarise a recording's transcript or a document for the person who uploaded it.",
  SAME_LANGUAGE,
  JSON_ONLY,
  'Shape: {"title": a short title, "md": a concise markdown summary (a few paragraphs or bullets), "md2": detailed markdown notes with a heading per topic, "keywords": up to 8 short keywords}.',
].join("\n");

const Section = v.object({
  type: v.optional(v.picklist(["text", "markdown", "svg"]), "markdown"),
  msg: Text(20_000),
  hidden: v.optional(v.boolean()),
});

export const InsightsAnswer = v.object({
  mind: Text(20_000),
  mind2: Text(40_000),
  aha: v.pipe(
    v.array(
      v.object({
        type: v.optional(v.picklist(["aha", "aha2", "report"]), "aha"),
        content: v.object({ query: Section, reason: Section, answer: Section }),
      }),
    ),
    v.transform((cards) => cards.slice(0, 12)),
  ),
});

export const INSIGHTS_SYSTEM = [
  "You turn a recording's transcript or a document into a mindmap and insight cards.",
  SAME_LANGUAGE,
  JSON_ONLY,
  'Shape: {"mind": the main points as a markdown outline ("# title", "## topic", "- point"), "mind2": a deeper outline of the same kind,',
  '"aha": 3 to 6 insight cards, each {"type": "aha", "content": {"query": {"type": "text", "msg": a question the source answers},',
  '"reason": {"type": "markdown", "msg": why it matters}, "answer": {"type": "markdown", "msg": the answer from the source}}}}.',
].join("\n");

export const PodcastAnswer = v.object({
  lines: v.pipe(
    v.array(v.object({ speaker: Text(40), text: Text(1000) })),
    v.transform((lines) => lines.filter((l) => l.text.trim()).slice(0, 80)),
    v.minLength(1, "the script has no lines"),
  ),
});

export const PODCAST_SYSTEM = [
  "You write the script of a short podcast episode about a recording's transcript or a document: two hosts talking it through.",
  SAME_LANGUAGE,
  JSON_ONLY,
  'Shape: {"lines": [{"speaker": "Host A" or "Host B", "text": one spoken sentence or two}]}, 10 to 40 lines, plain spoken words (no markdown).',
].join("\n");

export const RESEARCH_SYSTEM = [
  "You are a research assistant. Answer the user's question from the source below (a transcript or a document) in a well-structured markdown report:",
  "a short answer first, then the findings with quotes or timestamps from the source, then open questions. Say plainly when the source does not answer it.",
  "Write in the language of the question.",
].join("\n");

/** The user part of every analysis prompt: the file's name and its text. */
export function sourcePrompt(fileName: string, text: string): string {
  return `File: ${fileName}\n\nSource:\n${text}`;
}
