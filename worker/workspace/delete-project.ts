import type { Db } from "../db/client";
import { findChat } from "../db/chats";
import type { Env } from "../env";
import { dissolveChats } from "../lib/chat-dissolve";
import type { ProjectRow } from "../lib/project-access";
import { announceProjectChange } from "./project-announce";
import { deleteProjectRow } from "./project-store";
import { deleteWorkspace } from "./workspace-ops";

/**
 * Deletes a project its owner no longer wants: the workspace on the host, the row, and the
 * project's own coding chat (a private chat with the coding agent). Group chats that pointed at
 * the project stay, unlinked, and their members are told.
 */
export async function deleteProject(env: Env, db: Db, project: ProjectRow, byUserId: string): Promise<{ ok: true } | { ok: false; reason: "not_owner" }> {
  if (project.ownerId !== byUserId) return { ok: false, reason: "not_owner" };
  await deleteWorkspace(env, project);
  const chatIds = await deleteProjectRow(db, project.id);
  const chats = await Promise.all(chatIds.map((id) => findChat(db, id)));
  const own = chats.filter((ch) => ch?.kind === "virtual_employee" && ch.id === project.chatId).map((ch) => ch!.id);
  if (own.length) await dissolveChats(env, db, own);
  await announceProjectChange(
    env,
    db,
    chatIds.filter((id) => !own.includes(id)),
  );
  return { ok: true };
}
