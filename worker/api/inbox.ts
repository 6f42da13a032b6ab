import { newApp } from "../lib/app";
import { requireSameOrigin } from "../lib/origin";
import { requireUser } from "../lib/session";
import { inboxStub } from "../rooms/stubs";

/** `/api/inbox/ws`: every tab's socket to its user's inbox (the global real-time connection). */
export const inboxApi = newApp()
  .use(requireUser)
  .get("/ws", (c) => {
    requireSameOrigin(c);
    return inboxStub(c.env, c.get("user").id).fetch(c.req.raw);
  });
