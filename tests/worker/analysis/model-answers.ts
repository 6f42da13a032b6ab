import { scriptDirective } from "../../fakes/fake-llm-script";

/**
 * One answer of the scripted model that fits every analysis prompt: the summary step reads title,
 * md, md2 and keywords, the insight step mind, mind2 and aha, the podcast step lines. The fake plays
 * it whenever the directive is in the prompt, so the directive rides in the transcript (or the
 * document's text) the prompts are built from.
 */
export const ANSWER = {
  title: "Launch moves to Friday",
  md: "The launch **moves to Friday**; everyone reviews the plan.",
  md2: "## Launch\nThe date moves to Friday.\n\n## Review\nEveryone reviews the plan.",
  keywords: ["launch", "Friday", "plan"],
  mind: "# Launch\n## Date\n- Friday",
  mind2: "# Launch\n## Date\n- Friday\n## Review\n- the plan",
  aha: [
    {
      type: "aha",
      content: {
        query: { type: "text", msg: "When is the launch?" },
        reason: { type: "markdown", msg: "The date **changed**." },
        answer: { type: "svg", msg: '<svg xmlns="http://www.w3.org/2000/svg"><text>Friday</text></svg>' },
      },
    },
  ],
  lines: [
    { speaker: "Host A", text: "The launch moves to Friday." },
    { speaker: "Host B", text: "So please review the plan." },
    { speaker: "Host A", text: "Thanks for listening." },
  ],
};

export const ANALYSIS_SCRIPT = scriptDirective([{ text: "```json\n" + JSON.stringify(ANSWER) + "\n```" }]);

export const REPORT = "## Short answer\nThe launch moved to **Friday**.";
/** A research question whose directive the fake finds before the source's (the question leads the prompt). */
export const RESEARCH_QUESTION = `What changed about the launch? ${scriptDirective([{ text: REPORT }])}`;

/** Two speakers; the second line carries the model's script. */
export function meetingSegments() {
  return [
    { start: 0, end: 2.4, text: "Hello team. The launch moves to Friday.", speaker: "Ada" },
    { start: 2.4, end: 5.1, text: `Please review the plan. ${ANALYSIS_SCRIPT}`, speaker: "Ben" },
  ];
}
