import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { VireBody, type VirtualEmployee } from "../../../contract";
import { canSave, draftFromVire, draftToBody, emptyDraft, formatJsonText, isValidJsonText, validateDraft } from "../../../web/features/vires/vireDraft";

describe("JSON fields", () => {
  it("accept valid JSON and an empty field", () => {
    expect(isValidJsonText('{"steps": ["plan", "write"]}')).toBe(true);
    expect(isValidJsonText("[]")).toBe(true);
    expect(isValidJsonText("   ")).toBe(true);
  });

  it("reject anything that does not parse", () => {
    expect(isValidJsonText("{steps: 1}")).toBe(false);
    expect(isValidJsonText('{"a": 1,}')).toBe(false);
    expect(isValidJsonText("not json")).toBe(false);
  });

  it("report 'invalidJson' per field", () => {
    const draft = { ...emptyDraft(), name: "Ava", role: "Writer", workflow: "{", memory: "{}", knowledge: "oops" };
    expect(validateDraft(draft)).toEqual({ workflow: "invalidJson", knowledge: "invalidJson" });
  });

  it("pretty-print valid JSON and leave invalid text alone", () => {
    expect(formatJsonText('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(formatJsonText("{a")).toBe("{a");
    expect(formatJsonText("")).toBe("{}");
  });
});

describe("required fields", () => {
  it("need a name and a role before saving", () => {
    expect(validateDraft(emptyDraft())).toEqual({ name: "nameRequired", role: "roleRequired" });
    expect(canSave({ ...emptyDraft(), name: "Ava" })).toBe(false);
    expect(canSave({ ...emptyDraft(), name: "  ", role: "Writer" })).toBe(false);
    expect(canSave({ ...emptyDraft(), name: "Ava", role: "Writer" })).toBe(true);
  });
});

describe("the request body", () => {
  it("is accepted by the contract's schema and leaves taskId and status to the server", () => {
    const body = draftToBody({ ...emptyDraft(), name: " Ava ", role: " Writer ", avatarUrl: "  ", workflow: "", skills: ["SEO"], agentType: "custom" });
    expect(body).toMatchObject({ name: "Ava", role: "Writer", avatarUrl: null, workflow: "{}", skills: ["SEO"], agentType: "custom" });
    expect(body).not.toHaveProperty("taskId");
    expect(body).not.toHaveProperty("status");
    expect(v.safeParse(VireBody, body).success).toBe(true);
  });

  it("round-trips a saved VIRE and tolerates a summary record", () => {
    const vire = { id: "v1", name: "Ava", role: "Writer", skills: ["SEO"], agentType: "data_analyst", workflow: '{"a":1}' } as Partial<VirtualEmployee>;
    const draft = draftFromVire(vire);
    expect(draft).toMatchObject({
      name: "Ava",
      role: "Writer",
      skills: ["SEO"],
      agentType: "data_analyst",
      workflow: '{"a":1}',
      memory: "{}",
      description: "",
    });
    expect(draftFromVire({ agentType: "nonsense" as never }).agentType).toBe("chatter");
  });
});
