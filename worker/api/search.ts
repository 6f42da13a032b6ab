import * as v from "valibot";
import { SearchQuery, SearchRebuildBody, type SearchAnswer, type SearchRebuildAnswer } from "../../contract";
import { getDb } from "../db/client";
import { newApp } from "../lib/app";
import { ok } from "../lib/envelope";
import { requireAdmin } from "../lib/org-access";
import { requireUser } from "../lib/session";
import { json, query } from "../lib/validate";
import { globalSearch, rebuildOrgSearch } from "../search/global";

/** A request without `query` is an empty search, refused with the same text. */
const SearchParams = v.pipe(
  v.record(v.string(), v.string()),
  v.transform((q) => ({ query: "", ...q })),
  SearchQuery,
);

/** `/api/search` (spec 01 §7): global search, and the administrators' rebuild of an organization's index. */
export const searchApi = newApp()
  .use(requireUser)
  .get("/", query(SearchParams), async (c) => ok<SearchAnswer>(c, await globalSearch(c.env, getDb(c.env.DB), c.get("user"), c.req.valid("query"))))
  .post("/rebuild", json(SearchRebuildBody), async (c) => {
    const { organizationId } = c.req.valid("json");
    const db = getDb(c.env.DB);
    await requireAdmin(db, c.get("user").id, organizationId);
    return ok<SearchRebuildAnswer>(c, await rebuildOrgSearch(c.env, db, organizationId));
  });
