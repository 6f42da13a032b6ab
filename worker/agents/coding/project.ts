import type { ApprovalPolicy } from "../../../contract";

export interface ChatProject {
  id: string;
  ownerId: string;
  name: string;
  policy: ApprovalPolicy;
}

interface ProjectRow {
  id: string;
  owner_id: string;
  name: string;
  approval_policy: string;
}

/** The coding project a chat belongs to, read at the start of every run so a policy change applies at once. */
export function projectStatement(db: D1Database, chatId: string): D1PreparedStatement {
  return db.prepare("SELECT id, owner_id, name, approval_policy FROM coding_project WHERE chat_id = ? ORDER BY created_at LIMIT 1").bind(chatId);
}

export function toChatProject(row: ProjectRow | undefined): ChatProject | null {
  if (!row) return null;
  return { id: row.id, ownerId: row.owner_id, name: row.name, policy: row.approval_policy === "auto_edits" ? "auto_edits" : "ask" };
}
