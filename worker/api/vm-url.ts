import type { VmUrlAnswer, SavedVmUrlAnswer, VmDevModeAnswer } from "../../contract";
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import * as v from "valibot";
import { getDb } from "../db/client";
import type { Db } from "../db/client";
import { vmUrl } from "../db/schema";
import { newApp, type AppEnv, type AuthUser } from "../lib/app";
import { ApiError, ok } from "../lib/envelope";
import { requireUser } from "../lib/session";
import { json, query } from "../lib/validate";
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
  .get("/", query(VmUrlQuery), async (c) => {
    const { userId } = c.req.valid("query");
    const me = c.get("user");
    if (userId && userId !== me.id) throw new ApiError(403, "You can only read your own VM URL");
    return ok<VmUrlAnswer>(c, { vmUrl: (await vmSettings(c, me)).vmUrl });
  })
  .post("/", json(VmUrlBody), async (c) => {
    const body = c.req.valid("json");
    const me = c.get("user");
    const db = getDb(c.env.DB);
    const now = new Date();
    await db
      .insert(vmUrl)
      .values({ userId: me.id, vmUrl: body.vmUrl, updatedAt: now })
      .onConflictDoUpdate({ target: vmUrl.userId, set: { vmUrl: body.vmUrl, updatedAt: now } });
    return ok<SavedVmUrlAnswer>(c, { success: true, vmUrl: body.vmUrl, devMode: !!me.hasDevAccess });
  });

/** `/api/vm-dev-mode`: whether my saved VM address is in use. */
export const vmDevModeApi = newApp()
  .use(requireUser)
  .get("/", async (c) => ok<VmDevModeAnswer>(c, await vmSettings(c, c.get("user"))));
