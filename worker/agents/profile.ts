import type { AgentProfile } from "./prompt";

interface ProfileRow {
  id: string;
  name: string;
  role: string;
  description: string;
  skills: string;
  role_prompt: string;
  has_knowledge: number;
}

/**
 * The VIRE as the agent needs it, read from D1 at the start of every run so edits apply at once,
 * with whether it has any indexed knowledge (no file: no search before the model is asked).
 */
export function profileStatement(db: D1Database, vireId: string): D1PreparedStatement {
  return db
    .prepare(
      `SELECT id, name, role, description, skills, role_prompt,
              EXISTS (SELECT 1 FROM knowledge_file f WHERE f.vire_id = v.id AND f.status = 'indexed') AS has_knowledge
         FROM virtual_employee v WHERE id = ?`,
    )
    .bind(vireId);
}

export function toAgentProfile(row: ProfileRow | undefined): AgentProfile | null {
  if (!row) return null;
  let skills: string[] = [];
  try {
    const parsed = JSON.parse(row.skills) as unknown;
    if (Array.isArray(parsed)) skills = parsed.filter((s): s is string => typeof s === "string");
  } catch {
    // a malformed skills column only loses the skills line of the prompt
  }
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    description: row.description,
    skills,
    rolePrompt: row.role_prompt,
    hasKnowledge: row.has_knowledge === 1,
  };
}
