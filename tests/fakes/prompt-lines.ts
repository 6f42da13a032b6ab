/** The newest message's text: user turns are JSON lines {sender, text} (worker/agents/prompt.ts). */
export function latestText(lastUser: string): string {
  try {
    const parsed = JSON.parse(lastUser.split("\n").at(-1) ?? "") as { text?: unknown };
    if (typeof parsed.text === "string") return parsed.text;
  } catch {
    // not a message line: a direct prompt (skill suggestions, titles)
  }
  return lastUser;
}
