import * as v from "valibot";
import { DeepResearchQueryBody, type DeepResearchButton, type DeepResearchSession } from "../../contract";
import type { Context } from "hono";
import { getDb } from "../db/client";
import { newApp, type AppEnv } from "../lib/app";
import { ApiError, ok } from "../lib/envelope";
import { requireUser } from "../lib/session";
import { json, query } from "../lib/validate";
import { requireFileAccess } from "../analysis/access";
import { researchButton, toResearchSession } from "../analysis/detail";
import { requestResearch, researchById, shareResearch } from "../analysis/requests";
import { fileById } from "../analysis/store";

const SESSION_NOT_FOUND = "Research session not found";
const SessionQuery = v.object({ sessionId: v.pipe(v.string("A session id is required"), v.minLength(1, "A session id is required"), v.maxLength(64)) });
const ShareBody = v.object({ sessionId: v.pipe(v.string(), v.minLength(1, "A session id is required"), v.maxLength(64)), shared: v.boolean() });

/** The session and its file, if the caller may see the file; one 404 for unknown ids and other people's alike. */
async function sessionWithAccess(c: Context<AppEnv>, sessionId: string) {
  const session = await researchById(getDb(c.env.DB), sessionId);
  if (!session) throw new ApiError(404, SESSION_NOT_FOUND);
  const row = await requireFileAccess(c, session.fileId).catch((err: unknown) => {
    throw err instanceof ApiError && err.status === 404 ? new ApiError(404, SESSION_NOT_FOUND) : err;
  });
  return { session, row };
}

/** `/api/v1/deep/research/…` (spec 03 §7.4): a report answering a question from one analysed file. */
export const deepResearchApi = newApp()
  .use(requireUser)
  .get("/info/btn", query(SessionQuery), async (c) => {
    const { session } = await sessionWithAccess(c, c.req.valid("query").sessionId);
    return ok<DeepResearchButton>(c, { status: researchButton(session.status) });
  })
  .get("/info/session", query(SessionQuery), async (c) => {
    const { session, row } = await sessionWithAccess(c, c.req.valid("query").sessionId);
    return ok<DeepResearchSession>(c, toResearchSession(session, row.name));
  })
  .post("/query", json(DeepResearchQueryBody), async (c) => {
    const body = c.req.valid("json");
    const { session, row } = await sessionWithAccess(c, body.sessionId);
    const updated = await requestResearch(c.env, getDb(c.env.DB), row, session, body.question);
    return ok<DeepResearchSession>(c, toResearchSession(updated, row.name));
  })
  .post("/share", json(ShareBody), async (c) => {
    const body = c.req.valid("json");
    const { session, row } = await sessionWithAccess(c, body.sessionId);
    const updated = await shareResearch(getDb(c.env.DB), row, session, c.get("user").id, body.shared);
    return ok<DeepResearchSession>(c, toResearchSession(updated, row.name));
  });

/**
 * `/api/share/research/info/session` (share mode): a session its owner shared, to anyone signed in
 * who holds its unguessable id. Only the question, the report and the file's name; nothing else of the file.
 */
export const sharedResearchApi = newApp()
  .use(requireUser)
  .get("/info/session", query(SessionQuery), async (c) => {
    const db = getDb(c.env.DB);
    const session = await researchById(db, c.req.valid("query").sessionId);
    const row = session?.shared ? await fileById(db, session.fileId) : null;
    if (!session || !row) throw new ApiError(404, SESSION_NOT_FOUND);
    return ok<DeepResearchSession>(c, toResearchSession(session, row.name));
  });
