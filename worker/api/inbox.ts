import { newApp } from "../lib/app";
import { requireSameOrigin } from "../lib/origin";
import { requireUser } from "../lib/session";
import { inboxStub } from "../rooms/stubs";
import { INBOX_USER_HEADER } from "../rooms/user-inbox";
import { SESSION_HEADER } from "../rooms/session-sockets";

/** `/api/inbox/ws`: every tab's socket to its user's inbox (the global real-time connection). */
export const inboxApi = newApp()
  .use(requireUser)
  .get("/ws", (c) => {
    requireSameOrigin(c);
    const headers = new Headers(c.req.raw.headers);
    headers.set(INBOX_USER_HEADER, c.get("user").id);
    headers.set(SESSION_HEADER, c.get("sessionId"));
    return inboxStub(c.env, c.get("user").id).fetch(new Request(c.req.raw.url, { headers }));
  });
