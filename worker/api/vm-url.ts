import { eq } from "drizzle-orm";
import type { Context } from "hono";
import * as v from "valibot";
import { getDb } from "../db/client";
import type { Db } from "../db/client";
import { vmUrl } from "../db/schema";
import { newApp, type AppEnv, type AuthUser } from "../lib/app";
import { ApiError, ok } from "../lib/envelope";
import { requireUser } from "../lib/session";
import { jsonBody, queryOf } from "../lib/validate";
import { publicOrigin } from "../workspace/public-origin";

const VmUrlQuery = v.object({ userId: v.optional(v.pipe(v.string(), v.maxLength(64, "Invalid id"))) });
const VmUrlBody = v.object({
  vmUrl: v.pipe(
    v.string("vmUrl is required"),
    v.trim(),
    v.maxLength(2048, "vmUrl is too long"),
    v.url("vmUrl must be an http(s) URL"),
    v.check((s) => /^https?:\/\//i.test(s), "vmUrl must be an http(s) URL"),
    v.transform((s) => s.replace(/\/+$/, "")),
  ),
});

/** Where the browser reaches the sandbox API by default: through this Worker. */
function defaultVmUrl(c: Context<AppEnv>): string {
  return `${publicOrigin(c)}/api/sandbox`;
}

async function savedVmUrl(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ vmUrl: vmUrl.vmUrl }).from(vmUrl).where(eq(vmUrl.userId, userId)).limit(1);
  return row?.vmUrl ?? null;
}

/**
 * A saved VM address only takes effect for developers (dev mode points their workspace at another
 * host); everyone else always uses the product's own sandbox API.
 */
async function vmSettings(c: Context<AppEnv>, user: AuthUser): Promise<{ devMode: boolean; vmUrl: string }> {
  const saved = await savedVmUrl(getDb(c.env.DB), user.id);
  const devMode = !!saved && !!user.hasDevAccess;
  return { devMode, vmUrl: devMode ? saved! : defaultVmUrl(c) };
}

/** `/api/vm-url-storage` (spec 03 §7.2): the VM address saved for me. */
export const vmUrlStorageApi = newApp()
  .use(requireUser)
  .get("/", async (c) => {
    const { userId } = queryOf(c, VmUrlQuery);
    const me = c.get("user");
    if (userId && userId !== me.id) throw new ApiError(403, "You can only read your own VM URL");
    return ok(c, { vmUrl: (await vmSettings(c, me)).vmUrl });
  })
  .post("/", async (c) => {
    const body = await jsonBody(c, VmUrlBody);
    const me = c.get("user");
    const db = getDb(c.env.DB);
    const now = new Date();
    await db.insert(vmUrl).values({ userId: me.id, vmUrl: body.vmUrl, updatedAt: now }).onConflictDoUpdate({ target: vmUrl.userId, set: { vmUrl: body.vmUrl, updatedAt: now } });
    return ok(c, { success: true, vmUrl: body.vmUrl, devMode: !!me.hasDevAccess });
  });

/** `/api/vm-dev-mode`: whether my saved VM address is in use. */
export const vmDevModeApi = newApp()
  .use(requireUser)
  .get("/", async (c) => ok(c, await vmSettings(c, c.get("user"))));
