import type { ApprovalPolicy } from "../../../contract";

export interface ChatProject {
  id: string;
  ownerId: string;
  name: string;
  policy: ApprovalPolicy;
}

/** The coding project a chat belongs to, read at the start of every run so a policy change applies at once. */
export async function chatProject(db: D1Database, chatId: string): Promise<ChatProject | null> {
  const row = await db
    .prepare("SELECT id, owner_id, name, approval_policy FROM coding_project WHERE chat_id = ? ORDER BY created_at LIMIT 1")
    .bind(chatId)
    .first<{ id: string; owner_id: string; name: string; approval_policy: string }>();
  if (!row) return null;
  return { id: row.id, ownerId: row.owner_id, name: row.name, policy: row.approval_policy === "auto_edits" ? "auto_edits" : "ask" };
}
