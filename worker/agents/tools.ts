import type { KnowledgeHit } from "../../contract";
import type { AgentTools } from "./agent-tools";

export type KnowledgeSearch = (query: string) => Promise<KnowledgeHit[]>;

/**
 * Tools a chat agent may call. `search_knowledge` lets the model look further than the passages
 * retrieved up front (a follow-up question, another wording). Results are quoted data.
 */
export function chatTools(search: KnowledgeSearch, onUse: (query: string, hits: KnowledgeHit[]) => void): AgentTools {
  return {
    search_knowledge: {
      description: "Search this virtual employee's knowledge files. Returns passages with the file each came from.",
      inputSchema: {
        type: "object",
        properties: { query: { type: "string", description: "What to look for, in a few words" } },
        required: ["query"],
        additionalProperties: false,
      },
      execute: async ({ query }) => {
        const q = String(query);
        const hits = await search(q.slice(0, 500));
        onUse(q, hits);
        return hits.length ? hits.map((h) => ({ file: h.fileName, text: h.text })) : "No passages found.";
      },
    },
  };
}
