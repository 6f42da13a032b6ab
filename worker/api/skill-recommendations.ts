import { SkillRecommendationBody, type SkillRecommendations } from "../../contract";
import { completeText } from "../agents/complete";
import { newApp } from "../lib/app";
import { ok } from "../lib/envelope";
import { requireUser } from "../lib/session";
import { json } from "../lib/validate";
import { fallbackSkills, mergeSkills, parseSkillList, skillPrompt, type SkillRequest } from "../vires/skills";
import type { Env } from "../env";

/** A recommendation is a convenience: after this long the catalogue answers instead. */
const MODEL_TIMEOUT_MS = 20_000;

async function fromModel(env: Env, req: SkillRequest): Promise<{ skills: string[] } | { error: string }> {
  try {
    const result = await completeText(env, { ...skillPrompt(req), maxOutputTokens: 300, signal: AbortSignal.timeout(MODEL_TIMEOUT_MS) });
    if (!result.ok) {
      return {
        error: result.unavailable
          ? `No language model is configured (set ${result.unavailable})`
          : `The language model failed: ${result.error ?? "unknown error"}`,
      };
    }
    const skills = mergeSkills(parseSkillList(result.text), req.existingSkills);
    return skills.length ? { skills } : { error: "The language model gave no usable new skills" };
  } catch (err) {
    console.error("skill recommendations: model call failed", err);
    return { error: "The language model failed" };
  }
}

/** The model's skills, or the built-in catalogue's with the reason the model gave none. */
export async function recommendSkills(env: Env, req: SkillRequest): Promise<SkillRecommendations> {
  const answer = await fromModel(env, req);
  if ("skills" in answer) return { skills: answer.skills, fallback: false, error: null };
  return { skills: fallbackSkills(req), fallback: true, error: answer.error };
}

/** `/api/ai-skill-recommendations`: skills the AI suggests for a VIRE being edited (spec 01 §7). */
export const skillRecommendationsApi = newApp()
  .use(requireUser)
  .post("/", json(SkillRecommendationBody), async (c) => {
    const body = c.req.valid("json");
    const req: SkillRequest = { name: body.name.trim(), role: body.role.trim(), description: body.description.trim(), existingSkills: body.existingSkills };
    return ok<SkillRecommendations>(c, await recommendSkills(c.env, req));
  });
