import type { AgentProfile } from "./prompt";

/** The VIRE as the agent needs it, read from D1 at the start of every run so edits apply at once. */
export async function loadAgentProfile(db: D1Database, vireId: string): Promise<AgentProfile | null> {
  const row = await db
    .prepare("SELECT id, name, role, description, skills, role_prompt FROM virtual_employee WHERE id = ?")
    .bind(vireId)
    .first<{ id: string; name: string; role: string; description: string; skills: string; role_prompt: string }>();
  if (!row) return null;
  let skills: string[] = [];
  try {
    const parsed = JSON.parse(row.skills) as unknown;
    if (Array.isArray(parsed)) skills = parsed.filter((s): s is string => typeof s === "string");
  } catch {
    // a malformed skills column only loses the skills line of the prompt
  }
  return { id: row.id, name: row.name, role: row.role, description: row.description, skills, rolePrompt: row.role_prompt };
}
