import { describe, expect, it } from "vitest";
import type { VireTemplate, VireTemplateGroup } from "../../../contract";
import { selectedTemplates, summarizeImport, toggleSelection } from "../../../web/features/vires/templateImport";

const template = (id: string, name = id): VireTemplate => ({
  id,
  name,
  role: "Role",
  description: "",
  avatar_url: null,
  skills: [],
  agentType: "chatter",
  rolePrompt: "",
});
const groups: VireTemplateGroup[] = [
  { id: "g1", name: "Marketing", templates: [template("t1"), template("t2")] },
  { id: "g2", name: "Engineering", templates: [template("t3")] },
];

describe("template import", () => {
  it("toggles cards", () => {
    const once = toggleSelection(new Set(), "t2");
    expect([...once]).toEqual(["t2"]);
    expect([...toggleSelection(once, "t2")]).toEqual([]);
  });

  it("imports the selected templates in display order", () => {
    expect(selectedTemplates(groups, new Set(["t3", "t1"])).map((t) => t.id)).toEqual(["t1", "t3"]);
  });

  it("counts successes and failures with their reasons", () => {
    const summary = summarizeImport([
      { template: template("t1", "Writer"), error: null },
      { template: template("t2", "Analyst"), error: "Virtual employee limit reached" },
      { template: template("t3", "Coder"), error: null },
    ]);
    expect(summary).toEqual({ imported: 2, failed: 1, reasons: ["Analyst: Virtual employee limit reached"] });
  });
});
