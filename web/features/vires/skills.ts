import { SKILL_CHIP_CHARS, SKILL_MAX_CHARS, SKILLS_MAX } from "../../../contract";

/** A chip shows the first 18 characters (spec 01 §9); the full text goes into its title. */
export function truncateSkill(skill: string, max = SKILL_CHIP_CHARS): string {
  const chars = Array.from(skill);
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : skill;
}

function sameSkill(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export function hasSkill(skills: readonly string[], skill: string): boolean {
  return skills.some((existing) => sameSkill(existing, skill));
}

export type SkillRefusal = "empty" | "duplicate" | "tooLong" | "tooMany";

/** Adds one skill typed by the user; refuses blanks, case-insensitive duplicates and the contract's limits. */
export function addSkill(skills: readonly string[], raw: string): { skills: string[]; refused: SkillRefusal | null } {
  const skill = raw.trim();
  const unchanged = [...skills];
  if (!skill) return { skills: unchanged, refused: "empty" };
  if (hasSkill(skills, skill)) return { skills: unchanged, refused: "duplicate" };
  if (Array.from(skill).length > SKILL_MAX_CHARS) return { skills: unchanged, refused: "tooLong" };
  if (skills.length >= SKILLS_MAX) return { skills: unchanged, refused: "tooMany" };
  return { skills: [...skills, skill], refused: null };
}

export function removeSkill(skills: readonly string[], skill: string): string[] {
  return skills.filter((existing) => existing !== skill);
}

/**
 * Merges AI recommendations (spec 01 §5): each new skill is compared case-insensitively with the
 * existing ones and with the earlier recommendations; blanks, over-long skills and anything past
 * the skill limit are dropped.
 */
export function mergeRecommendedSkills(skills: readonly string[], recommended: readonly string[]): { skills: string[]; added: string[] } {
  const next = [...skills];
  const added: string[] = [];
  for (const raw of recommended) {
    const result = addSkill(next, raw);
    if (result.refused) continue;
    next.push(raw.trim());
    added.push(raw.trim());
  }
  return { skills: next, added };
}
