import { and, eq, isNull, sql } from "drizzle-orm";
import type { NotificationActionStatus } from "../../contract";
import { getDb } from "../db/client";
import { notification } from "../db/schema";
import type { Env } from "../env";
import { notifyUsers } from "../rooms/stubs";
import { notify } from "./notify";
import { recordAction, toNotification } from "./store";

/** A presenter request as the room holds it. */
export interface PresenterNoticeRequest {
  requestId: string;
  requester: string;
  requesterName: string;
  action: string;
  targetName: string | null;
}

/**
 * The group owner's stored notification for a control request (spec 02 §3 "Presenter request
 * system notification"): Approve and Reject call the same route as the card in the chat, so the
 * owner can decide from the bell or the system chat without opening the group.
 */
export function noticePresenterRequest(env: Env, ownerId: string, chat: { id: string; name: string }, req: PresenterNoticeRequest): Promise<unknown> {
  const endpoint = `/api/presenter-requests/${req.requestId}`;
  const payload = { requester: req.requester, requesterName: req.requesterName, requestId: req.requestId, action: req.action, chatId: chat.id };
  return notify(env, [ownerId], {
    type: "presenter_request",
    payload: {
      chatId: chat.id,
      chatName: chat.name,
      actorId: req.requester,
      actorName: req.requesterName,
      requestId: req.requestId,
      ...(req.targetName ? { targetName: req.targetName } : {}),
    },
    actions: [
      {
        id: "approve",
        type: "approve",
        label: "Approve",
        variant: "primary",
        apiEndpoint: endpoint,
        method: "POST",
        payload: { ...payload, decision: "approve" },
      },
      { id: "reject", type: "reject", label: "Reject", variant: "danger", apiEndpoint: endpoint, method: "POST", payload: { ...payload, decision: "reject" } },
    ],
    requiresConfirmation: true,
  });
}

const OUTCOME: Record<"approve" | "reject" | "ignore", NotificationActionStatus> = { approve: "approved", reject: "rejected", ignore: "completed" };
const LABEL = { approve: "Approve", reject: "Reject", ignore: "Ignored" } as const;

/**
 * The request was decided (in the chat, from the notification, or superseded): the notification
 * shows the outcome instead of buttons, on every tab of the owner. One already recorded (the owner
 * pressed its own button) is left as it is.
 */
export async function settlePresenterNotice(env: Env, ownerId: string, requestId: string, decision: "approve" | "reject" | "ignore", operatorName: string) {
  try {
    const db = getDb(env.DB);
    const rows = await db
      .select()
      .from(notification)
      .where(
        and(
          eq(notification.userId, ownerId),
          eq(notification.type, "presenter_request"),
          isNull(notification.actionStatus),
          sql`json_extract(${notification.payload}, '$.data.requestId') = ${requestId}`,
        ),
      );
    for (const row of rows) {
      const record = { actionType: OUTCOME[decision], actionLabel: LABEL[decision], operatorName, timestamp: new Date().toISOString() };
      if (!(await recordAction(db, row, OUTCOME[decision], record))) continue;
      const [fresh] = await db.select().from(notification).where(eq(notification.id, row.id));
      if (fresh) await notifyUsers(env, [ownerId], { type: "system_notification", notification: toNotification(fresh) });
    }
  } catch (err) {
    console.error("settling a presenter notification failed", requestId, err);
  }
}

/**
 * A room's notices, in order: a request decided at once is settled only after its notification
 * was stored, so the owner never keeps buttons for a request that is already closed.
 */
export class PresenterNotices {
  private readonly storing = new Map<string, Promise<unknown>>();

  constructor(
    private readonly env: Env,
    private readonly waitUntil: (work: Promise<unknown>) => void,
  ) {}

  opened(ownerId: string, chat: { id: string; name: string }, req: PresenterNoticeRequest): void {
    const work = noticePresenterRequest(this.env, ownerId, chat, req).finally(() => this.storing.delete(req.requestId));
    this.storing.set(req.requestId, work);
    this.waitUntil(work);
  }

  settled(ownerId: string, requestId: string, decision: "approve" | "reject" | "ignore", operatorName: string): void {
    const before = this.storing.get(requestId) ?? Promise.resolve();
    this.waitUntil(before.then(() => settlePresenterNotice(this.env, ownerId, requestId, decision, operatorName)));
  }
}
