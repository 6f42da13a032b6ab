import { eq } from "drizzle-orm";
import { PrivateChatBody } from "../../contract";
import type { Db } from "../db/client";
import { getDb } from "../db/client";
import { findPrivateChat, orgMemberIds, vireIdsOwnedBy, type ChatRow } from "../db/chats";
import { chat, chatParticipant, user as userTable, virtualEmployee } from "../db/schema";
import type { Env } from "../env";
import { newApp, type AuthUser } from "../lib/app";
import { announceChat, syncRoomMembers } from "../lib/chat-sync";
import { ApiError, ok } from "../lib/envelope";
import { newId } from "../lib/ids";
import { requireCurrentMembership } from "../lib/org-access";
import { requireUser } from "../lib/session";
import { jsonBody } from "../lib/validate";

export interface PrivateChatResult {
  row: ChatRow;
  existing: boolean;
  name: string;
}

/**
 * Opens the two-person chat with a colleague or one of my VIREs in my current organization,
 * reusing the one that exists (spec 01 §4). Forwarding uses this too.
 */
/** Refuses a private chat the user may not have (spec 01 §5); returns the other party's name. */
export async function checkPrivateChatTarget(db: Db, me: AuthUser, participantId: string, participantType: "user" | "virtual_employee", orgId: string): Promise<string> {
  if (participantType === "user" && participantId === me.id) throw new ApiError(400, "You cannot start a chat with yourself");
  if (participantType === "user") {
    if ((await orgMemberIds(db, orgId, [participantId])).size === 0) throw new ApiError(403, "You can only chat with members of your current organization");
    return (await db.select({ name: userTable.name }).from(userTable).where(eq(userTable.id, participantId)))[0]?.name ?? "";
  }
  if ((await vireIdsOwnedBy(db, me.id, [participantId])).size === 0) throw new ApiError(404, "Virtual employee not found");
  return (await db.select({ name: virtualEmployee.name }).from(virtualEmployee).where(eq(virtualEmployee.id, participantId)))[0]?.name ?? "";
}

/** `forceNew` opens a chat of its own for a coding project (`projectId`) instead of reusing the existing one. */
export interface OpenPrivateChatOptions {
  forceNew?: boolean;
  projectId?: string;
}

export async function openPrivateChat(
  env: Env,
  db: Db,
  me: AuthUser,
  participantId: string,
  participantType: "user" | "virtual_employee",
  orgId: string,
  options: OpenPrivateChatOptions = {},
): Promise<PrivateChatResult> {
  const name = await checkPrivateChatTarget(db, me, participantId, participantType, orgId);
  const kind = participantType === "user" ? "real_person" : "virtual_employee";
  const found = options.forceNew ? null : await findPrivateChat(db, orgId, kind, me.id, participantId);
  if (found) return { row: found, existing: true, name };

  const id = newId("chat");
  await db.batch([
    db.insert(chat).values({ id, orgId, name, kind, ownerId: me.id, projectId: options.projectId ?? null }),
    db.insert(chatParticipant).values([
      { chatId: id, participantId: me.id, participantType: "user", cpRole: "owner" },
      { chatId: id, participantId, participantType },
    ]),
  ]);
  const row = (await db.select().from(chat).where(eq(chat.id, id)))[0]!;
  await syncRoomMembers(env, db, row);
  await announceChat(env, db, row);
  return { row, existing: false, name };
}

/** `/api/private-chats` */
export const privateChatsApi = newApp()
  .use(requireUser)
  .post("/", async (c) => {
    const body = await jsonBody(c, PrivateChatBody);
    const db = getDb(c.env.DB);
    const me = c.get("user");
    const membership = await requireCurrentMembership(db, me);
    if (body.organizationId && body.organizationId !== membership.org.id) throw new ApiError(403, "You can only chat with members of your current organization");
    const result = await openPrivateChat(c.env, db, me, body.participantId, body.participantType, membership.org.id);
    return ok(c, { chatId: result.row.id, existing: result.existing, name: result.name });
  });
