import * as v from "valibot";
import {
  Id,
  NotificationActionBody,
  NotificationsQuery,
  type NotificationActionAnswer,
  type NotificationReadAnswer,
  type NotificationsAnswer,
} from "../../contract";
import { getDb } from "../db/client";
import { newApp } from "../lib/app";
import { ApiError, ok } from "../lib/envelope";
import { requireUser } from "../lib/session";
import { json, param, query } from "../lib/validate";
import { handleAction, listForUser, markNotificationsRead } from "../notifications";

const IdParam = v.object({ id: Id });
const NOT_FOUND = "Notification not found";

/** `/api/notifications`: the caller's own system notifications (spec 02 §7); anyone else's are "not found". */
export const notificationsApi = newApp()
  .use(requireUser)
  .get("/", query(NotificationsQuery), async (c) => {
    const { limit, before } = c.req.valid("query");
    return ok<NotificationsAnswer>(c, await listForUser(getDb(c.env.DB), c.get("user").id, limit, before));
  })
  .post("/read-all", async (c) => {
    const done = await markNotificationsRead(getDb(c.env.DB), c.get("user").id, null);
    return ok<{ unreadCount: number }>(c, { unreadCount: done?.unreadCount ?? 0 });
  })
  .post("/:id/read", param(IdParam), async (c) => {
    const { id } = c.req.valid("param");
    const done = await markNotificationsRead(getDb(c.env.DB), c.get("user").id, id);
    if (!done) throw new ApiError(404, NOT_FOUND);
    return ok<NotificationReadAnswer>(c, { id, unreadCount: done.unreadCount });
  })
  .post("/:id/action", param(IdParam), json(NotificationActionBody), async (c) => {
    const { id } = c.req.valid("param");
    const user = c.get("user");
    const done = await handleAction(getDb(c.env.DB), { id: user.id, name: user.name || user.email }, id, c.req.valid("json"));
    if (!done.ok) throw done.reason === "not_found" ? new ApiError(404, NOT_FOUND) : new ApiError(409, "This notification has already been handled");
    return ok<NotificationActionAnswer>(c, { notification: done.notification });
  });
