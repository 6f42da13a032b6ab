import type { Context } from "hono";
import type { AppEnv } from "./app";
import { ApiError } from "./envelope";

/** A `user_id` in the body may only name the caller: nobody prepares or creates another's sandbox. */
export function ownUserId(c: Context<AppEnv>, userId: string | undefined): string {
  const me = c.get("user").id;
  if (userId !== undefined && userId !== me) throw new ApiError(403, "You can only manage your own sandbox");
  return me;
}
