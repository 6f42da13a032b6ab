import { ANALYSIS_ANSWER } from "../../fakes/fake-llm-analysis";
import { scriptDirective } from "../../fakes/fake-llm-script";

/**
 * One answer of the scripted model that fits every analysis prompt (the browser tests' `[analysis]`
 * answer, so both suites test the same shapes, a hostile svg insight included). Here the fake plays
 * it whenever the directive is in the prompt, so the directive rides in the transcript (or the
 * document's text) the prompts are built from.
 */
export const ANSWER = ANALYSIS_ANSWER;

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
