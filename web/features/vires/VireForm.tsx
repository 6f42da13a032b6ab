import type { KeyboardEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ROLE_PROMPT_MAX, type VirtualEmployee } from "../../../contract";
import { Button } from "../../ui/Button";
import { AdvancedTab } from "./AdvancedTab";
import { BasicInfoTab } from "./BasicInfoTab";
import { TextAreaField } from "../../ui/FormControls";
import { JsonTab } from "./JsonTab";
import { KnowledgeDocuments } from "./KnowledgeDocuments";
import { SkillsTab } from "./SkillsTab";
import { useVireForm } from "./useVireForm";
import { panelId, tabId, VIRE_TABS, VireTabs, type VireTab } from "./VireTabs";
import { BackIcon } from "../../ui/icons";

interface VireFormProps {
  initial: VirtualEmployee | null;
  onBack: () => void;
  onSaved: (vire: VirtualEmployee) => void;
  onPlanLimit: (message: string) => void;
}

/** The create/edit form with its seven tabs; Ctrl/Cmd+Enter saves from anywhere in it. */
export function VireForm({ initial, onBack, onSaved, onPlanLimit }: VireFormProps) {
  const { t } = useTranslation();
  const form = useVireForm({ initial, onSaved, onPlanLimit });
  const { draft, update, errors } = form;
  const missing = !draft.name.trim() ? t("vires.form.nameRequired") : !draft.role.trim() ? t("vires.form.roleRequired") : null;

  const panels: Record<VireTab, ReactNode> = {
    basic: <BasicInfoTab draft={draft} errors={errors} onChange={update} onBlur={form.touch} />,
    skills: <SkillsTab draft={draft} onChange={(skills) => update({ skills })} />,
    workflow: <JsonTab field="workflow" value={draft.workflow} invalid={Boolean(errors.workflow)} onChange={(workflow) => update({ workflow })} />,
    memory: <JsonTab field="memory" value={draft.memory} invalid={Boolean(errors.memory)} onChange={(memory) => update({ memory })} />,
    knowledge: (
      <div className="vire-panel-grid">
        <JsonTab field="knowledge" value={draft.knowledge} invalid={Boolean(errors.knowledge)} onChange={(knowledge) => update({ knowledge })} />
        <KnowledgeDocuments vireId={form.saved?.id ?? null} vireName={form.saved?.name ?? draft.name} />
      </div>
    ),
    rolePrompt: (
      <TextAreaField
        textareaClassName="vire-textarea"
        label={t("vires.rolePrompt.label")}
        placeholder={t("vires.rolePrompt.placeholder")}
        value={draft.rolePrompt}
        rows={12}
        maxLength={ROLE_PROMPT_MAX}
        onChange={(event) => update({ rolePrompt: event.target.value })}
        aside={<span className="muted small">{t("vires.rolePrompt.counter", { count: draft.rolePrompt.length, max: ROLE_PROMPT_MAX })}</span>}
        data-testid="vire-role-prompt-input"
      />
    ),
    advanced: <AdvancedTab saved={form.saved} agentType={draft.agentType} />,
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void form.save();
    }
  };

  return (
    <form
      className="vire-form"
      noValidate
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        void form.save();
      }}
      data-testid="vire-form"
      data-mode={form.saved ? "edit" : "create"}
      data-vire-id={form.saved?.id}
    >
      <VireTabs value={form.tab} onChange={form.setTab} invalid={form.invalidTabs} />
      <div className="vire-form__panels">
        {VIRE_TABS.map((tab) => (
          <div
            key={tab}
            id={panelId(tab)}
            role="tabpanel"
            aria-labelledby={tabId(tab)}
            hidden={tab !== form.tab}
            className="vire-form__panel"
            data-testid={`vire-panel-${tab}`}
          >
            {panels[tab]}
          </div>
        ))}
      </div>
      <footer className="vire-form__footer">
        <Button variant="ghost" onClick={onBack} disabled={form.saving} data-testid="vire-back">
          <BackIcon /> {t("vires.form.back")}
        </Button>
        {missing && (
          <span id="vire-save-missing" className="vire-form__missing" data-testid="vire-save-missing">
            {missing}
          </span>
        )}
        <Button
          type="submit"
          busy={form.saving}
          disabled={!form.canSave}
          title={missing ?? undefined}
          aria-describedby={missing ? "vire-save-missing" : undefined}
          data-testid="vire-save"
        >
          {form.saving ? t("vires.form.saving") : t("vires.form.save")}
        </Button>
      </footer>
    </form>
  );
}
