import { and, asc, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { CodingProject } from "../../contract";
import type { Db } from "../db/client";
import type { ChatRow } from "../db/chats";
import { chat, chatParticipant, codingProject, user, virtualEmployee } from "../db/schema";
import { toCodingProject, type ProjectRow } from "../lib/project-access";

export type NewProjectRow = typeof codingProject.$inferInsert;

/** The user's coding agent (agentType coding_agent): one of the organization first, else the oldest. */
export async function findCodingAgent(db: Db, ownerId: string, orgId: string): Promise<{ id: string; name: string } | null> {
  const [row] = await db
    .select({ id: virtualEmployee.id, name: virtualEmployee.name })
    .from(virtualEmployee)
    .where(and(eq(virtualEmployee.ownerId, ownerId), eq(virtualEmployee.agentType, "coding_agent")))
    .orderBy(sql`CASE WHEN ${virtualEmployee.orgId} = ${orgId} THEN 0 ELSE 1 END`, asc(virtualEmployee.createdAt))
    .limit(1);
  return row ?? null;
}

export async function findProject(db: Db, id: string): Promise<ProjectRow | null> {
  const [row] = await db.select().from(codingProject).where(eq(codingProject.id, id)).limit(1);
  return row ?? null;
}

export async function userName(db: Db, id: string | null | undefined): Promise<string | null> {
  if (!id) return null;
  const [row] = await db.select({ name: user.name }).from(user).where(eq(user.id, id)).limit(1);
  return row?.name ?? null;
}

/** The project as the browser sees it, with its chat's name and owner. */
export async function projectView(db: Db, project: ProjectRow, chatRow: ChatRow | null): Promise<CodingProject> {
  return toCodingProject(project, chatRow, await userName(db, chatRow?.ownerId ?? project.ownerId));
}

/** Projects of the organization that I own or whose chat I am in, newest first. */
export async function listVisibleProjects(db: Db, userId: string, orgId: string): Promise<CodingProject[]> {
  const myChats = db.select({ id: chatParticipant.chatId }).from(chatParticipant).where(eq(chatParticipant.participantId, userId));
  const rows = await db
    .select({ p: codingProject, c: chat, ownerName: user.name })
    .from(codingProject)
    .leftJoin(chat, eq(chat.id, codingProject.chatId))
    .leftJoin(user, eq(user.id, sql`coalesce(${chat.ownerId}, ${codingProject.ownerId})`))
    .where(and(eq(codingProject.orgId, orgId), or(eq(codingProject.ownerId, userId), inArray(codingProject.chatId, myChats))))
    .orderBy(desc(codingProject.createdAt), desc(codingProject.id));
  return rows.map((r) => toCodingProject(r.p, r.c, r.ownerName));
}

/** Points the chat and the project at each other, unlinking whatever either pointed at before. */
export async function linkProjectChat(db: Db, projectId: string, chatId: string): Promise<void> {
  const now = new Date();
  await db.batch([
    db
      .update(chat)
      .set({ projectId: null, updatedAt: now })
      .where(and(eq(chat.projectId, projectId), ne(chat.id, chatId))),
    db
      .update(codingProject)
      .set({ chatId: null, updatedAt: now })
      .where(and(eq(codingProject.chatId, chatId), ne(codingProject.id, projectId))),
    db.update(chat).set({ projectId, updatedAt: now }).where(eq(chat.id, chatId)),
    db.update(codingProject).set({ chatId, updatedAt: now }).where(eq(codingProject.id, projectId)),
  ]);
}

/** Removes the project row; its chat stays (with its history) but no longer points at it. */
export async function deleteProjectRow(db: Db, projectId: string): Promise<string[]> {
  const linked = await db.select({ id: chat.id }).from(chat).where(eq(chat.projectId, projectId));
  await db.batch([
    db.update(chat).set({ projectId: null, updatedAt: new Date() }).where(eq(chat.projectId, projectId)),
    db.delete(codingProject).where(eq(codingProject.id, projectId)),
  ]);
  return linked.map((r) => r.id);
}
