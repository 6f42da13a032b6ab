import { and, eq } from "drizzle-orm";
import type { Contact } from "../../contract";
import type { Db } from "../db/client";
import { orgMemberIds, vireIdsOwnedBy } from "../db/chats";
import { listMembers } from "../db/organizations";
import { contactHidden, virtualEmployee } from "../db/schema";
import type { AuthUser } from "../lib/app";
import { currentMembership } from "../lib/org-access";
import { areFriends, friendsOf, lastChatTimes, unfriend, type UserRow } from "./friends";

export type RemoveContactRefused = { ok: false; reason: "self" | "vire" | "not_found" };

async function hiddenIds(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db.select({ id: contactHidden.contactId }).from(contactHidden).where(eq(contactHidden.userId, userId));
  return new Set(rows.map((r) => r.id));
}

function human(u: UserRow, extra: { isOrgAdmin: boolean; isOrgMember: boolean; isFriend: boolean; lastChatTime: string | null }): Contact {
  return { id: u.id, name: u.name, email: u.email, image: u.image ?? null, type: "human", role: u.role ?? null, agentType: null, ...extra };
}

/**
 * My contacts (spec 01 §2): the members of my current organization, my friends wherever they
 * work, and my VIREs, minus the people I removed from my list. Nobody else is ever listed.
 */
export async function listContacts(db: Db, me: AuthUser): Promise<Contact[]> {
  const membership = await currentMembership(db, me);
  const members = membership ? await listMembers(db, membership.org.id) : [];
  const friends = await friendsOf(db, me.id);
  const friendIds = new Set(friends.map((f) => f.id));
  const hidden = await hiddenIds(db, me.id);
  const last = await lastChatTimes(db, me.id);
  const out: Contact[] = [];
  const seen = new Set<string>([me.id]);
  for (const m of members) {
    if (seen.has(m.user.id) || hidden.has(m.user.id)) continue;
    seen.add(m.user.id);
    out.push(
      human(m.user, { isOrgAdmin: m.role === "admin", isOrgMember: true, isFriend: friendIds.has(m.user.id), lastChatTime: last.get(m.user.id) ?? null }),
    );
  }
  for (const f of friends) {
    if (seen.has(f.id) || hidden.has(f.id)) continue;
    seen.add(f.id);
    out.push(human(f, { isOrgAdmin: false, isOrgMember: false, isFriend: true, lastChatTime: last.get(f.id) ?? null }));
  }
  const vires = await db.select().from(virtualEmployee).where(eq(virtualEmployee.ownerId, me.id));
  for (const v of vires) {
    out.push({
      id: v.id,
      name: v.name,
      email: null,
      image: v.avatarUrl,
      type: "virtual_employee",
      role: v.role,
      agentType: v.agentType,
      isOrgAdmin: false,
      isOrgMember: false,
      isFriend: false,
      lastChatTime: last.get(v.id) ?? null,
    });
  }
  return out;
}

/**
 * Removes a person from my contacts: a friend stops being my friend (on both sides); a colleague
 * stays a colleague but leaves my list. VIREs are deleted from their own dialog, not here.
 */
export async function removeContact(db: Db, me: AuthUser, contactId: string): Promise<{ ok: true } | RemoveContactRefused> {
  if (contactId === me.id) return { ok: false, reason: "self" };
  const [vire] = await db.select({ id: virtualEmployee.id }).from(virtualEmployee).where(eq(virtualEmployee.id, contactId)).limit(1);
  if (vire) return (await vireIdsOwnedBy(db, me.id, [contactId])).size ? { ok: false, reason: "vire" } : { ok: false, reason: "not_found" };
  const friend = await areFriends(db, me.id, contactId);
  const membership = await currentMembership(db, me);
  const colleague = membership ? (await orgMemberIds(db, membership.org.id, [contactId])).size > 0 : false;
  if (!friend && !colleague) return { ok: false, reason: "not_found" };
  if (friend) await unfriend(db, me.id, contactId);
  if (colleague) await db.insert(contactHidden).values({ userId: me.id, contactId, createdAt: new Date() }).onConflictDoNothing();
  return { ok: true };
}

/** A hidden person comes back to my list once we become friends (again). */
export async function unhideContact(db: Db, userId: string, contactId: string): Promise<void> {
  await db.delete(contactHidden).where(and(eq(contactHidden.userId, userId), eq(contactHidden.contactId, contactId)));
}
