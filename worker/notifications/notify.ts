import * as v from "valibot";
import { NotificationActionSchema, type NotificationData, type NotificationType, type SystemNotification } from "../../contract";
import { inList } from "../db/bound-lists";
import { getDb } from "../db/client";
import { user } from "../db/schema";
import type { Env } from "../env";
import { newId } from "../lib/ids";
import { notifyUsers } from "../rooms/stubs";
import { insertNotifications, toNotification, type NotificationRow, type StoredPayload } from "./store";

export type NotificationActionInput = v.InferInput<typeof NotificationActionSchema>;

export interface NotifyInput {
  type: NotificationType;
  /** Facts the reader's client words in their language (chat, organization, who did it). */
  payload: NotificationData;
  /** Required for custom; otherwise an English fallback is derived from type and payload. */
  title?: string;
  content?: string;
  actions?: NotificationActionInput[];
  requiresConfirmation?: boolean;
}

function fallbackText(type: NotificationType, d: NotificationData): { title: string; content: string } {
  const who = d.actorName ?? "Someone";
  const chat = d.chatName ?? "a group";
  switch (type) {
    case "dissolve_group":
      return { title: "Group dissolved", content: `${who} dissolved the group ${chat}.` };
    case "remove_from_group":
      return { title: "Removed from group", content: `${who} removed you from the group ${chat}.` };
    case "direct_group_join":
      return { title: "Added to group", content: `${who} added you to the group ${chat}.` };
    case "email_group_join_request":
      return { title: "Group invitation", content: `${who} invited you to join the group ${chat}.` };
    case "presenter_request":
      return { title: "Permission request", content: `${who} asks for control of the agent in ${chat}.` };
    case "friend_invite_accepted":
      return { title: "Friend invitation accepted", content: `${who} accepted your friend invitation.` };
    case "custom":
      return { title: "Notification", content: "" };
  }
}

/**
 * Stores one notification per user and tells their open tabs at once (spec 02 §7). Failures are
 * only logged: the action that caused a notification has already happened and must not fail.
 * Returns what was stored, by user id.
 */
export async function notify(env: Env, userIds: Iterable<string>, input: NotifyInput): Promise<Map<string, SystemNotification>> {
  const out = new Map<string, SystemNotification>();
  try {
    const wanted = [...new Set(userIds)];
    if (wanted.length === 0) return out;
    const db = getDb(env.DB);
    // Participant ids can name VIREs; only people get notifications.
    const people = await db.select({ id: user.id }).from(user).where(inList(user.id, wanted));
    const fallback = fallbackText(input.type, input.payload);
    const stored: StoredPayload = {
      title: input.title ?? fallback.title,
      content: input.content ?? fallback.content,
      priority: input.type === "presenter_request" ? "high" : "normal",
      data: input.payload,
      actions: (input.actions ?? []).map((a) => v.parse(NotificationActionSchema, a)),
      requiresConfirmation: input.requiresConfirmation ?? (input.actions ?? []).length > 0,
      actionRecord: null,
    };
    const payload = JSON.stringify(stored);
    const createdAt = new Date();
    const rows: NotificationRow[] = people.map((p) => ({
      id: newId("ntf"),
      userId: p.id,
      type: input.type,
      payload,
      actionStatus: null,
      createdAt,
      readAt: null,
    }));
    await insertNotifications(db, rows);
    for (const row of rows) out.set(row.userId, toNotification(row));
    await Promise.all(rows.map((row) => notifyUsers(env, [row.userId], { type: "system_notification", notification: out.get(row.userId)! })));
  } catch (err) {
    console.error("notification failed", input.type, err);
  }
  return out;
}
