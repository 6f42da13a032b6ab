import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import type { VirtualEmployee } from "../../../contract";
import { AdvancedTab } from "../../../web/features/vires/AdvancedTab";
import { BasicInfoTab } from "../../../web/features/vires/BasicInfoTab";
import { SkillsTab } from "../../../web/features/vires/SkillsTab";
import { emptyDraft } from "../../../web/features/vires/vireDraft";
import { VireList } from "../../../web/features/vires/VireList";
import { i18n, initI18n } from "../../../web/i18n";

const vire = (id: string, name: string, agentType: VirtualEmployee["agentType"], extra: Partial<VirtualEmployee> = {}): VirtualEmployee => ({
  id,
  name,
  role: "Marketing Specialist",
  description: "",
  avatarUrl: null,
  skills: [],
  workflow: "{}",
  memory: "{}",
  knowledge: "{}",
  rolePrompt: "",
  agentType,
  taskId: null,
  status: null,
  ownerId: "u1",
  organizationId: null,
  createdAt: "2025-01-01T00:00:00Z",
  updatedAt: "2025-01-01T00:00:00Z",
  ...extra,
});

const noop = () => {};

beforeAll(() => {
  initI18n("en");
});

describe("the VIRE list", () => {
  it("shows each VIRE with its role, readable agent type and labelled actions", async () => {
    await i18n.changeLanguage("en");
    const html = renderToStaticMarkup(
      createElement(VireList, { vires: [vire("v1", "Ava", "data_analyst"), vire("v2", "Bo", "custom")], onEdit: noop, onDelete: noop }),
    );
    expect(html).toContain('data-testid="vire-row-v1"');
    expect(html).toContain("Ava");
    expect(html).toContain("Marketing Specialist");
    expect(html).toContain("Data Analyst");
    expect(html).toContain("Custom Assistant");
    expect(html).toContain('aria-label="Edit Ava"');
    expect(html).toContain('aria-label="Delete Bo"');
  });
});

describe("the form", () => {
  it("shows the required-field errors", async () => {
    await i18n.changeLanguage("en");
    const html = renderToStaticMarkup(
      createElement(BasicInfoTab, { draft: emptyDraft(), errors: { name: "nameRequired", role: "roleRequired" }, onChange: noop, onBlur: noop }),
    );
    expect(html).toContain("Please enter a VIRE name");
    expect(html).toContain("Please enter a VIRE role");
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain("Office Document Agent");
  });

  it("cuts long skill chips and keeps the full text as the title", async () => {
    await i18n.changeLanguage("en");
    const draft = { ...emptyDraft(), name: "Ava", skills: ["Search engine optimisation"] };
    const html = renderToStaticMarkup(createElement(SkillsTab, { draft, onChange: noop }));
    expect(html).toContain('title="Search engine optimisation"');
    expect(html).toContain("Search engine opti…");
    expect(html).toContain("AI recommendation");
  });

  it("labels a building custom assistant 构建中 in Chinese", async () => {
    await i18n.changeLanguage("zh");
    const saved = vire("v3", "Cy", "custom", { taskId: "task_1", status: "building" });
    const html = renderToStaticMarkup(createElement(AdvancedTab, { saved, agentType: "custom" }));
    expect(html).toContain("构建中");
    expect(html).toContain("task_1");
    await i18n.changeLanguage("en");
    expect(renderToStaticMarkup(createElement(AdvancedTab, { saved, agentType: "custom" }))).toContain("Building");
  });
});
