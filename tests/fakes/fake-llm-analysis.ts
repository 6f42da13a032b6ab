/**
 * The `[analysis]` marker of the fake model: one JSON object that fits every file analysis prompt
 * (the summary step reads title, md, md2 and keywords, the insight step mind, mind2 and aha, the
 * podcast step lines). The analysis prompts carry the file's name, so a browser test names its
 * upload `… [analysis].wav` and the whole pipeline runs on a real recording whose transcript (from
 * a real speech recogniser) cannot carry a `[script:…]` directive.
 */
export const ANALYSIS_MARKER = "[analysis]";

export const ANALYSIS_ANSWER = {
  title: "Launch moves to Friday",
  md: "The launch **moves to Friday**; everyone reviews the plan.",
  md2: "## Launch\nThe date moves to Friday.\n\n## Review\nEveryone reviews the plan.",
  keywords: ["launch", "Friday", "plan"],
  mind: "# Launch\n## Date\n- Friday\n## Review\n- the plan",
  mind2: "# Launch\n## Date\n- Friday\n- no later\n## Review\n- the plan",
  aha: [
    {
      type: "aha",
      content: {
        query: { type: "text", msg: "When is the launch?" },
        reason: { type: "markdown", msg: "The date **changed**." },
        answer: { type: "markdown", msg: "On **Friday**." },
      },
    },
    {
      type: "aha2",
      content: {
        query: { type: "text", msg: "What does the week look like?" },
        reason: { type: "text", msg: "A picture of the plan." },
        answer: {
          type: "svg",
          msg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40"><script>window.__pwned = 1</script><rect width="120" height="40" fill="#e8eefc" onload="window.__pwned = 2"/><text x="10" y="25">Friday</text></svg>',
        },
      },
    },
  ],
  lines: [
    { speaker: "Host A", text: "The launch moves to Friday." },
    { speaker: "Host B", text: "So please review the plan." },
    { speaker: "Host A", text: "Thanks for listening." },
  ],
};

/** The fake's reply text for a prompt with the marker: the answer in a json fence, as models often write it. */
export const ANALYSIS_REPLY = "```json\n" + JSON.stringify(ANALYSIS_ANSWER) + "\n```";
