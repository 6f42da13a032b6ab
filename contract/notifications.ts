import * as v from "valibot";

/** The system notification types of spec 02 §7 (plus friend_invite_accepted, spec 01 §3). */
export const NOTIFICATION_TYPES = [
  "dissolve_group",
  "remove_from_group",
  "direct_group_join",
  "email_group_join_request",
  "presenter_request",
  "friend_invite_accepted",
  "custom",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_ACTION_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type NotificationActionMethod = (typeof NOTIFICATION_ACTION_METHODS)[number];

/** Outcomes an action button can record (spec 03 §7.5). */
export const NOTIFICATION_ACTION_STATUSES = ["approved", "rejected", "group_invite_accepted", "friend_invite_accepted", "completed"] as const;
export type NotificationActionStatus = (typeof NOTIFICATION_ACTION_STATUSES)[number];

/**
 * Only paths of this API: a button must never send the user's session to another site. The
 * client checks again against its own origin before calling.
 */
export const NotificationEndpoint = v.pipe(v.string(), v.maxLength(300), v.regex(/^\/api\/[A-Za-z0-9_\-./~%?=&]*$/, "Invalid endpoint"));

export const NotificationActionSchema = v.object({
  id: v.pipe(v.string(), v.maxLength(64)),
  /** approve, reject or any other kind the type defines. */
  type: v.pipe(v.string(), v.maxLength(64)),
  label: v.pipe(v.string(), v.maxLength(100)),
  variant: v.optional(v.picklist(["primary", "danger", "default"]), "default"),
  apiEndpoint: NotificationEndpoint,
  method: v.optional(v.picklist(NOTIFICATION_ACTION_METHODS), "POST"),
  payload: v.optional(v.record(v.string(), v.unknown()), {}),
});
export type NotificationAction = v.InferOutput<typeof NotificationActionSchema>;

export const NotificationActionRecordSchema = v.object({
  actionType: v.string(),
  actionLabel: v.string(),
  operatorName: v.string(),
  timestamp: v.string(),
  responseMessage: v.optional(v.string()),
});
export type NotificationActionRecord = v.InferOutput<typeof NotificationActionRecordSchema>;

/**
 * Facts of a notification; the web words them in the reader's language from `type` and these
 * (title and content are the fallback, and the whole text of a custom notification).
 */
export const NotificationDataSchema = v.object({
  chatId: v.optional(v.string()),
  chatName: v.optional(v.string()),
  organizationId: v.optional(v.string()),
  actorId: v.optional(v.string()),
  actorName: v.optional(v.string()),
  /** A presenter request: the room's request id, so deciding it in the chat settles the notification too. */
  requestId: v.optional(v.string()),
  /** A transfer request names who would get control. */
  targetName: v.optional(v.string()),
});
export type NotificationData = v.InferOutput<typeof NotificationDataSchema>;

/** One system notification as a user sees it (spec 02 §3 "System notification message content"). */
export const SystemNotificationSchema = v.object({
  id: v.string(),
  type: v.picklist(NOTIFICATION_TYPES),
  title: v.string(),
  content: v.string(),
  priority: v.picklist(["normal", "high"]),
  data: NotificationDataSchema,
  actions: v.array(NotificationActionSchema),
  requiresConfirmation: v.boolean(),
  actionStatus: v.nullable(v.string()),
  actionRecord: v.nullable(NotificationActionRecordSchema),
  read: v.boolean(),
  createdAt: v.string(),
});
export type SystemNotification = v.InferOutput<typeof SystemNotificationSchema>;

/** Inbox frame: a notification just arrived for this user. */
export const SystemNotificationFrame = v.object({ type: v.literal("system_notification"), notification: SystemNotificationSchema });

export const NOTIFICATIONS_PAGE_MAX = 50;

export const NotificationsQuery = v.object({
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, "Invalid limit"),
      v.transform(Number),
      v.minValue(1, "Invalid limit"),
      v.maxValue(NOTIFICATIONS_PAGE_MAX, "Invalid limit"),
    ),
    "20",
  ),
  /** The nextCursor of the previous page. */
  before: v.optional(v.pipe(v.string(), v.maxLength(100))),
});

export interface NotificationsAnswer {
  notifications: SystemNotification[];
  unreadCount: number;
  nextCursor: string | null;
  hasMore: boolean;
}

export interface NotificationReadAnswer {
  id: string;
  unreadCount: number;
}

export const NotificationActionBody = v.object({
  status: v.picklist(NOTIFICATION_ACTION_STATUSES, "Invalid status"),
  /** The label of the button pressed, for the record. */
  actionLabel: v.optional(v.pipe(v.string(), v.maxLength(100))),
  responseMessage: v.optional(v.pipe(v.string(), v.maxLength(500))),
});

export interface NotificationActionAnswer {
  notification: SystemNotification;
}

/**
 * Each user's system chat: the chat-list entry and main view holding their notifications. Chats
 * whose id starts with this have no member or add buttons (spec 02 §2.5).
 */
export const SYSTEM_CHAT_PREFIX = "sys_chat_";
export function systemChatId(userId: string): string {
  return `${SYSTEM_CHAT_PREFIX}${userId}`;
}
