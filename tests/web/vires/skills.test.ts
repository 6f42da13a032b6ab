import { describe, expect, it } from "vitest";
import { SKILL_MAX_CHARS, SKILLS_MAX } from "../../../contract";
import { addSkill, hasSkill, mergeRecommendedSkills, removeSkill, truncateSkill } from "../../../web/features/vires/skills";

describe("skill chips", () => {
  it("cut the text after 18 characters", () => {
    expect(truncateSkill("Copywriting")).toBe("Copywriting");
    expect(truncateSkill("123456789012345678")).toBe("123456789012345678");
    expect(truncateSkill("Search engine optimisation")).toBe("Search engine opti…");
  });

  it("count characters, not UTF-16 units", () => {
    expect(truncateSkill("数据分析与可视化报告撰写以及商业洞察提炼总结")).toBe("数据分析与可视化报告撰写以及商业洞察…");
    expect(truncateSkill("🙂".repeat(19))).toBe(`${"🙂".repeat(18)}…`);
  });
});

describe("adding skills by hand", () => {
  it("adds a trimmed skill", () => {
    expect(addSkill(["SEO"], "  Copywriting ")).toEqual({ skills: ["SEO", "Copywriting"], refused: null });
  });

  it("refuses a skill that is already there, whatever its case", () => {
    expect(addSkill(["SEO"], "seo")).toEqual({ skills: ["SEO"], refused: "duplicate" });
    expect(hasSkill(["Data Analysis"], " data analysis ")).toBe(true);
  });

  it("refuses blanks, over-long skills and more than the limit", () => {
    expect(addSkill([], "   ").refused).toBe("empty");
    expect(addSkill([], "x".repeat(SKILL_MAX_CHARS + 1)).refused).toBe("tooLong");
    const full = Array.from({ length: SKILLS_MAX }, (_, i) => `skill ${i}`);
    expect(addSkill(full, "one more").refused).toBe("tooMany");
  });

  it("removes a skill", () => {
    expect(removeSkill(["a", "b", "c"], "b")).toEqual(["a", "c"]);
  });
});

describe("AI recommendations", () => {
  it("are de-duplicated case-insensitively against existing skills and each other", () => {
    const result = mergeRecommendedSkills(["SEO", "Copywriting"], ["seo", "Email Marketing", "email marketing", " Analytics ", ""]);
    expect(result.added).toEqual(["Email Marketing", "Analytics"]);
    expect(result.skills).toEqual(["SEO", "Copywriting", "Email Marketing", "Analytics"]);
  });

  it("add nothing when every recommendation is known", () => {
    expect(mergeRecommendedSkills(["SEO"], ["SEO", "seo"])).toEqual({ skills: ["SEO"], added: [] });
  });

  it("stop at the skill limit", () => {
    const almost = Array.from({ length: SKILLS_MAX - 1 }, (_, i) => `skill ${i}`);
    const result = mergeRecommendedSkills(almost, ["new one", "new two"]);
    expect(result.added).toEqual(["new one"]);
    expect(result.skills).toHaveLength(SKILLS_MAX);
  });
});
