import { eq, like, or } from "drizzle-orm";
import { DevUserQuery, Id, SetMembershipBody, type DevFuncData, type DevOutboxAnswer, type DevUsersAnswer, type DevUser } from "../../contract";
import { getDb } from "../db/client";
import { toDevUser } from "../db/mappers";
import { listOutbox } from "../mail/outbox-list";
import { user } from "../db/schema";
import { newApp } from "../lib/app";
import { ApiError, ok } from "../lib/envelope";
import { requireUser } from "../lib/session";
import * as v from "valibot";
import { json, param, query } from "../lib/validate";

/** The developer functions this build offers; the settings page shows one section per entry. */
const DEV_FUNCTIONS = ["set_membership"];

/** `/api/user-dev-func`: whether the Settings entry shows. */
export const devFuncApi = newApp()
  .use(requireUser)
  .get("/", (c) => {
    const hasDevAccess = Boolean(c.get("user").hasDevAccess);
    return ok<DevFuncData>(c, { success: true, data: { functions: hasDevAccess ? DEV_FUNCTIONS : [] }, hasDevAccess });
  });

/** `/api/dev`: developer-only tools. Payment is out of scope, so this is how a plan changes. */
export const devApi = newApp()
  .use(requireUser)
  .use(async (c, next) => {
    if (!c.get("user").hasDevAccess) throw new ApiError(403, "Developer access required");
    await next();
  })
  .get("/users", query(DevUserQuery), async (c) => {
    const { query: text } = c.req.valid("query");
    const pattern = `%${text.replace(/[%_]/g, "")}%`;
    const rows = await getDb(c.env.DB)
      .select()
      .from(user)
      .where(or(like(user.name, pattern), like(user.email, pattern)))
      .orderBy(user.email)
      .limit(50);
    return ok<DevUsersAnswer>(c, { users: rows.map(toDevUser) });
  })
  .put("/users/:userId/membership", param(v.object({ userId: Id })), json(SetMembershipBody), async (c) => {
    const { userId } = c.req.valid("param");
    const body = c.req.valid("json");
    const db = getDb(c.env.DB);
    const [row] = await db
      .update(user)
      .set({
        memberPlan: body.memberPlan,
        isMember: body.memberPlan !== "free",
        memberExpireAt: body.memberExpireAt ? new Date(body.memberExpireAt) : null,
        updatedAt: new Date(),
      })
      .where(eq(user.id, userId))
      .returning();
    if (!row) throw new ApiError(404, "User not found");
    return ok<DevUser>(c, toDevUser(row));
  })
  // The mail outbox: what was (or will be) sent, with each mail's link.
  .get("/mail", async (c) => ok<DevOutboxAnswer>(c, await listOutbox(c.env)));
