import { describe, expect, it } from "vitest";
import { followReply } from "../agent-helpers";
import { job, latestCards, projectChat, readFile, start } from "./coding-helpers";

/** One tool sequence, with two calls in one turn, played over each wire protocol the providers speak. */
const CASES = [
  { model: "claude-sonnet-4", protocol: "anthropic", providerModel: "claude-sonnet-4-20250514" },
  { model: "gpt-5", protocol: "openai", providerModel: "gpt-5" },
] as const;

describe("the coding agent over both wire protocols", { timeout: 60_000 }, () => {
  for (const c of CASES) {
    it(`${c.model}: reads, writes and hears every result over the ${c.protocol} protocol`, async () => {
      const { owner, projectId, sock } = await projectChat("auto_edits");
      const notes = `written via ${c.protocol}\n`;
      const j = job([
        {
          text: "Looking around first.",
          tools: [
            { name: "read_file", input: { path: "README.md" } },
            { name: "list_files", input: {} },
          ],
        },
        { tools: [{ name: "write_file", input: { path: "docs/notes.md", content: notes } }] },
        { echoTool: true },
      ]);
      await start(sock, j, 1, { preferred_llm_model: c.model, execution_mode: "coding" });
      const { streamed } = await followReply(sock, 20_000);
      expect(streamed).toBe(`Tool said: Wrote docs/notes.md (${notes.length} characters).`);

      expect(await readFile(owner, projectId, "docs/notes.md")).toBe(notes);
      const requests = await j.requests();
      expect(requests).toHaveLength(3);
      for (const r of requests) expect(r).toMatchObject({ protocol: c.protocol, model: c.providerModel, stream: true });
      expect(requests[0].system).toContain('coding project "Agent Demo"');
      const heard = requests[2].toolResults;
      expect(heard.map((r: any) => r.name)).toEqual(["read_file", "list_files", "write_file"]);
      expect(heard[0].content).toBe("README.md (2 lines):\n# Agent Demo\n");
      expect(heard[1].content).toContain("README.md (");
      expect(latestCards(sock).map((x) => [x.tool, x.status])).toEqual([
        ["read_file", "done"],
        ["list_files", "done"],
        ["write_file", "done"],
      ]);
      // The text the model said before its calls is a reply of its own, ahead of the cards.
      const replies = sock.frames.filter((f) => f.type === "message_updated" && f.message.messageType === "ai_response").map((f) => f.message.content);
      expect(replies).toEqual(["Looking around first.", streamed]);
    });
  }
});
