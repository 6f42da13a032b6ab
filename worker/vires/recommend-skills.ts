import type { SkillRecommendations } from "../../contract";
import { completeText } from "../agents/complete";
import type { Env } from "../env";
import { fallbackSkills, mergeSkills, parseSkillList, skillPrompt, type SkillRequest } from "./skills";

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
