import { ImportTemplateBody, type VireTemplateGroup, type VirtualEmployee } from "../../contract";
import { getDb } from "../db/client";
import { newApp } from "../lib/app";
import { ApiError, ok } from "../lib/envelope";
import { vireSaveError } from "../lib/refusals";
import { requireUser } from "../lib/session";
import { json } from "../lib/validate";
import { createVire } from "../vires/create";
import { toVirtualEmployee } from "../vires/mapper";
import { TEMPLATE_GROUPS, fieldsOfTemplate, findTemplate } from "../vires/templates";

/**
 * `/api/virtual-employee-templates` (spec 01 §7): the catalogue, and importing one template as a
 * VIRE of mine. The body's userId and organizationId are the client's view of the session; the
 * server uses the session itself, so nobody can import into someone else's account.
 */
export const vireTemplatesApi = newApp()
  .use(requireUser)
  .get("/", (c) => ok<VireTemplateGroup[]>(c, TEMPLATE_GROUPS))
  .post("/", json(ImportTemplateBody), async (c) => {
    const { templateId } = c.req.valid("json");
    const template = findTemplate(templateId);
    if (!template) throw new ApiError(404, "Template not found");
    const saved = await createVire(c.env, getDb(c.env.DB), c.get("user"), fieldsOfTemplate(template));
    if (!saved.ok) throw vireSaveError(saved);
    return ok<VirtualEmployee>(c, toVirtualEmployee(saved.row));
  });
