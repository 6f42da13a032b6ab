import { asc, eq } from "drizzle-orm";
import type { PendingProjectAnswer } from "../../contract";
import type { Db } from "../db/client";
import { codingProject } from "../db/schema";
import { firstRunOf } from "./store";

/**
 * The project a newly registered user lands in. Until the client has recorded one, the user's
 * first own project is pending: the client confirms it (and the folder it lives in on the
 * workspace) with the POST, after which the workspace opens it by default.
 */
export async function pendingProjectOf(db: Db, userId: string): Promise<PendingProjectAnswer> {
  const row = await firstRunOf(db, userId);
  if (row?.defaultProjectId) return { hasPendingProject: false, projectId: row.defaultProjectId };
  const [first] = await db
    .select({ id: codingProject.id })
    .from(codingProject)
    .where(eq(codingProject.ownerId, userId))
    .orderBy(asc(codingProject.createdAt))
    .limit(1);
  return first ? { hasPendingProject: true, projectId: first.id } : { hasPendingProject: false, projectId: null };
}
