import { SkillRecommendationBody, type SkillRecommendations } from "../../contract";
import { newApp } from "../lib/app";
import { ok } from "../lib/envelope";
import { requireUser } from "../lib/session";
import { json } from "../lib/validate";
import { recommendSkills } from "../vires/recommend-skills";
import type { SkillRequest } from "../vires/skills";

/** `/api/ai-skill-recommendations`: skills the AI suggests for a VIRE being edited (spec 01 §7). */
export const skillRecommendationsApi = newApp()
  .use(requireUser)
  .post("/", json(SkillRecommendationBody), async (c) => {
    const body = c.req.valid("json");
    const req: SkillRequest = { name: body.name.trim(), role: body.role.trim(), description: body.description.trim(), existingSkills: body.existingSkills };
    return ok<SkillRecommendations>(c, await recommendSkills(c.env, req));
  });
