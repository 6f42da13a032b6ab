import type { CodingProject } from "../../contract";
import type { Db } from "../db/client";
import { findChat } from "../db/chats";
import type { Env } from "../env";
import { announceProjectChange } from "./project-announce";
import { findProject, linkProjectChat, projectView } from "./project-store";

export type LinkRefused = { ok: false; reason: "not_chat_owner" | "project_not_found" | "other_organization" };

/** Points a chat I own at a project I own in the same organization; both chats' members are told (spec 03 §7.3). */
export async function linkChatToProject(
  env: Env,
  db: Db,
  chat: { id: string; ownerId: string; orgId: string },
  projectId: string,
  byUserId: string,
): Promise<{ ok: true; project: CodingProject } | LinkRefused> {
  if (chat.ownerId !== byUserId) return { ok: false, reason: "not_chat_owner" };
  const project = await findProject(db, projectId);
  if (!project || project.ownerId !== byUserId) return { ok: false, reason: "project_not_found" };
  if (project.orgId !== chat.orgId) return { ok: false, reason: "other_organization" };
  const previous = [project.chatId].filter((id): id is string => !!id && id !== chat.id);
  await linkProjectChat(db, projectId, chat.id);
  await announceProjectChange(env, db, [chat.id, ...previous]);
  const linked = (await findProject(db, projectId))!;
  return { ok: true, project: await projectView(db, linked, await findChat(db, chat.id)) };
}
